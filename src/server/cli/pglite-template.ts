// `npm ci` (package.json's prepare): makes the embedded database's template for the installed PGlite, so
// that no `npm start` runs PostgreSQL's initdb (700-810 MB at its peak, issue 37.6). Nothing when it exists.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ensurePgliteTemplate, pgliteTemplateDir } from '../db/pglite-template';

try {
  if (!existsSync(path.join(pgliteTemplateDir(), 'PG_VERSION'))) {
    console.log(`[mugen] made the embedded database's template in ${await ensurePgliteTemplate()}`);
  }
} catch (e) {
  console.error(`[mugen] the embedded database's template: ${e instanceof Error ? e.message : e}`);
  process.exit(1);
}
