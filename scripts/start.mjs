// `npm start` (the server) and the command-line tools (`npm run worker`, `seed`, `invite`, `backup`,
// `restore`): build what is out of date (the web app for the server; the server into dist/server), install
// the offline voice where it can (Open JTalk, scripts/ensure-open-jtalk.mjs), then run the built JavaScript
// in this very process. No TypeScript is loaded at run time.
//   node scripts/start.mjs [main|worker-cli|seed-cli|invite-cli|backup-cli] [args...]
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildServerIfNeeded, SERVER_DIR, SERVER_ENTRIES } from './build-server.mjs';
import { buildWebIfNeeded } from './build-web-if-needed.mjs';
import { ensureOpenJtalk } from './ensure-open-jtalk.mjs';

const entry = process.argv[2] && process.argv[2] in SERVER_ENTRIES ? process.argv.splice(2, 1)[0] : 'main';
if (entry === 'main') buildWebIfNeeded();
buildServerIfNeeded();
// What speaks: without Open JTalk (not root, no apt), eSpeak NG does and the server's start-up line says why.
if (entry === 'main' || entry === 'worker-cli' || entry === 'seed-cli') ensureOpenJtalk({ required: false });
// Stack traces name the TypeScript sources (dist/server/*.js.map).
process.setSourceMapsEnabled(true);
await import(pathToFileURL(path.join(SERVER_DIR, `${entry}.js`)).href);
