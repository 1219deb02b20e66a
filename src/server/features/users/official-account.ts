import type { Db } from '../../db/client';
import { users } from '../../db/schema';

export const OFFICIAL_ACCOUNT = {
  id: 'mugen',
  name: '無限',
  customUserId: 'mugen',
  picture: '∞',
} as const;

/**
 * Makes the official account (無限) if it is not there yet: the one insert the demo seed, the console's
 * upload and a generated theme's track all use before they store a track in its name.
 */
export async function ensureOfficialAccount(db: Db): Promise<void> {
  await db
    .insert(users)
    .values({
      id: OFFICIAL_ACCOUNT.id,
      name: OFFICIAL_ACCOUNT.name,
      customUserId: OFFICIAL_ACCOUNT.customUserId,
      picture: OFFICIAL_ACCOUNT.picture,
    })
    .onConflictDoNothing();
}
