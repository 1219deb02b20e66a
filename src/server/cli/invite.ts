// `npm run invite -- --max-uses N [--count C] [--days D]`: prints new operator invitation codes, so the
// first member of a fresh production install can be invited. Uses the same DATABASE_URL / DATA_DIR as
// the server.
import { parseArgs } from 'node:util';
import { DAY_MS } from '../../shared/constants';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { invitations } from '../db/schema';
import { newInvitationCode } from '../features/access/invitations';
import { publicOrigin } from '../http/public-origin';

try {
  const { values } = parseArgs({
    options: { 'max-uses': { type: 'string', default: '1' }, count: { type: 'string', default: '1' }, days: { type: 'string' } },
  });
  const maxUses = Number(values['max-uses']);
  const count = Number(values.count);
  const days = values.days === undefined ? undefined : Number(values.days);
  if (!Number.isInteger(maxUses) || maxUses < 1 || maxUses > 10_000)
    throw new ConfigError('Invalid --max-uses: a whole number from 1 to 10000');
  if (!Number.isInteger(count) || count < 1 || count > 100) throw new ConfigError('Invalid --count: a whole number from 1 to 100');
  if (days !== undefined && (!Number.isFinite(days) || days <= 0)) throw new ConfigError('Invalid --days: a positive number');
  const config = loadConfig();
  const database = await openDatabase(config);
  await database.migrate();
  const origin = publicOrigin(config);
  const rows = await database.db
    .insert(invitations)
    .values(
      Array.from({ length: count }, () => ({
        code: newInvitationCode(),
        maxUses,
        expiresAt: days ? new Date(Date.now() + days * DAY_MS) : null,
      })),
    )
    .returning();
  for (const r of rows)
    console.log(`${r.code}  ${origin}/i/${r.code}  (max uses ${r.maxUses}${r.expiresAt ? `, expires ${r.expiresAt.toISOString()}` : ''})`);
  await database.close();
} catch (e) {
  console.error(`[mugen] ${e instanceof Error ? e.message : e}`);
  process.exit(1);
}
