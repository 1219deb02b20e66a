import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { SIGN_IN_REFUSALS } from '../../../shared/rules/access';
import type { User } from '../../../shared/schemas/auth';
import { type Db, inTransaction } from '../../db/client';
import { users } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { Identity } from '../../providers/identity/types';
import { createInvitations, takeInvitation } from '../access/public';
import { toUser } from './users';

export type SignInResult = { user: User; created: boolean };

export type RefusalReason = 'invitation_required' | 'invalid_invitation';

/** A newcomer without a usable invitation: 403 with the reason the sign-in pages route on. */
export class SignInRefused extends AppError {
  constructor(readonly reason: RefusalReason) {
    super(403, SIGN_IN_REFUSALS[reason].message, { reason });
  }
}

/**
 * The one registration rule for Google and the development chooser: an existing member signs in; a
 * newcomer needs a usable invitation, whose use and the new account are one transaction.
 */
export async function signInOrRegister(
  db: Db,
  identity: Identity,
  invitationCode: string | undefined,
  opts: { invitesPerMember: number },
): Promise<SignInResult> {
  const existing = await findByIdentity(db, identity);
  if (existing) return { user: toUser(existing), created: false };
  if (!invitationCode) throw new SignInRefused('invitation_required');

  return inTransaction(db, async (tx) => {
    const invitationId = await takeInvitation(tx, invitationCode);
    if (invitationId === null) throw new SignInRefused('invalid_invitation');
    const [row] = await tx
      .insert(users)
      .values({
        id: randomUUID(),
        email: identity.email,
        name: (identity.name || identity.email?.split('@')[0] || 'メンバー').slice(0, 50),
        // Never the provider's picture URL: an image from another host is a tracking pixel on every
        // page that shows the member (decision 0013). The member picks an emoji or uploads one.
        picture: null,
        oidcIssuer: identity.issuer,
        oidcSubject: identity.subject,
        invitedWith: invitationId,
        canInvite: opts.invitesPerMember > 0,
      })
      .returning();
    await createInvitations(tx, row.id, opts.invitesPerMember);
    return { user: toUser(row), created: true };
  });
}

async function findByIdentity(db: Db, identity: Identity) {
  const [byIdentity] = await db
    .select()
    .from(users)
    .where(and(eq(users.oidcIssuer, identity.issuer), eq(users.oidcSubject, identity.subject)))
    .limit(1);
  if (byIdentity) return byIdentity;
  if (!identity.email) return undefined;
  // A member seeded or invited by e-mail before first signing in is linked to this identity once.
  const [byEmail] = await db.select().from(users).where(sql`lower(${users.email}) = ${identity.email.toLowerCase()}`).limit(1);
  if (!byEmail) return undefined;
  if (!byEmail.oidcIssuer) {
    const [linked] = await db
      .update(users)
      .set({ oidcIssuer: identity.issuer, oidcSubject: identity.subject })
      .where(eq(users.id, byEmail.id))
      .returning();
    return linked;
  }
  return byEmail;
}
