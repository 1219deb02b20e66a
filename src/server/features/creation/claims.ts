import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { Claim } from '../../../shared/schemas/creation';
import type { Db } from '../../db/client';
import { scriptChecks } from '../../db/schema';
import type { JapaneseEngine } from '../../providers/japanese/types';
import { detectedClaims } from './fact-check/model';

/**
 * The claims a published track keeps (issue 25.2, decision 0028). The fact check the server made of a
 * script it wrote for the member is remembered by the script's hash; publishing that exact script keeps
 * those claims and their sources. A script the member changed since has no check of its own: its claims
 * are found offline, each `needs_source` (出典未確認), never carried over from another text.
 */

/** How long a script's check is kept for publishing (the preview it leads to lives an hour). */
export const SCRIPT_CHECK_TTL_MS = 24 * 3_600_000;

const hashOf = (script: string) => createHash('sha256').update(script.trim()).digest('hex');

/** Remembers the check of a script the server wrote for this member (a newer check of the same script replaces it). */
export async function rememberCheck(db: Db, userId: string, script: string, claims: readonly Claim[], now = new Date()): Promise<void> {
  await db
    .insert(scriptChecks)
    .values({ userId, scriptHash: hashOf(script), claims: [...claims], createdAt: now })
    .onConflictDoUpdate({ target: [scriptChecks.userId, scriptChecks.scriptHash], set: { claims: [...claims], createdAt: now } });
}

/** The claims to publish with this script: its remembered check's, else the offline detector's. */
export async function claimsToPublish(db: Db, japanese: JapaneseEngine, userId: string, script: string): Promise<Claim[]> {
  const [row] = await db
    .select({ claims: scriptChecks.claims })
    .from(scriptChecks)
    .where(and(eq(scriptChecks.userId, userId), eq(scriptChecks.scriptHash, hashOf(script))));
  if (row) return row.claims;
  return detectedClaims(japanese, script);
}

/** The scheduled clean-up: checks older than a day. Answers how many went. */
export async function deleteOldChecks(db: Db, now = new Date()): Promise<number> {
  const gone = await db
    .delete(scriptChecks)
    .where(lt(scriptChecks.createdAt, new Date(now.getTime() - SCRIPT_CHECK_TTL_MS)))
    .returning({ hash: scriptChecks.scriptHash });
  return gone.length;
}
