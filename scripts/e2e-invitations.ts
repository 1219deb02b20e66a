// One more invitation of the demo member for an e2e run: the demo's seeded codes register 6 members,
// fewer than the journeys register (the `newcomer` fixture, e2e/helpers/fixtures.ts), so each run's copy of the
// demo data gets a 100-use code of the demo member. Run by scripts/serve-e2e.mjs with the run's DATA_DIR
// once, into the template it copies for each run; the demo itself (npm start) keeps its seeded codes.
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { invitations, users } from '../src/server/db/schema';
import { newInvitationCode } from '../src/server/features/access/invitations';

const config = loadConfig();
const database = await openDatabase(config);
await database.migrate();
const [demo] = await database.db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = 'demo@example.com'`);
if (!demo) {
  console.error('[e2e] the demo member is missing from the run data');
  process.exit(1);
}
await database.db.insert(invitations).values({ code: newInvitationCode(), createdBy: demo.id, maxUses: 100 });
await database.close();
