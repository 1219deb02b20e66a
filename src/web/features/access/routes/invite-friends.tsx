import { ACCESS_TEXT } from '@shared/messages/access';
import { copyRefusal, invitationState, inviteUrl } from '@shared/rules/invitations';
import { LoginRequiredNotice } from '@web/components/layout/login-required-notice';
import { EmptyState } from '@web/components/ui/empty-state';
import { ListState } from '@web/components/ui/list-state';
import { Skeleton } from '@web/components/ui/skeleton';
import { useUser } from '@web/lib/auth';
import { publicOrigin } from '@web/lib/public-origin';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { Ticket, UserPlus } from 'lucide-react';
import { type Invitation, useInvitationStats, useMyInvitations } from '../api/get-invitations';
import { InvitationRow } from '../components/invitation-row';

/** /invite-friends: the available invitation rights and the member's codes with copy buttons (L-2.3-12 .. L-2.3-14). */
export function InviteFriendsRoute() {
  useDocumentTitle(ACCESS_TEXT.inviteFriends.documentTitle);
  const { user, isPending } = useUser();
  const stats = useInvitationStats(Boolean(user));
  const codes = useMyInvitations(Boolean(user));
  // Invite links carry the public origin (PUBLIC_URL), never the address the server listens on (issue 20).
  const origin = publicOrigin();

  if (isPending) return <InviteSkeleton />;
  if (!user) {
    return (
      <LoginRequiredNotice returnTo="/invite-friends" testId="invite-login-required">
        {ACCESS_TEXT.inviteFriends.signInToInvite}
      </LoginRequiredNotice>
    );
  }

  return (
    <section className="mx-auto w-full max-w-xl px-4 pt-6 pb-10" data-testid="invite-friends">
      <h1 className="flex items-center gap-2 font-bold text-2xl">
        <UserPlus aria-hidden="true" className="size-6 text-accent" />
        {ACCESS_TEXT.inviteFriends.documentTitle}
      </h1>
      <p className="mt-2 text-muted leading-relaxed">{ACCESS_TEXT.inviteFriends.about}</p>

      <div className="mt-6 rounded-3xl bg-accent-soft p-5">
        <p className="font-medium text-accent text-sm">{ACCESS_TEXT.inviteFriends.remainingLabel}</p>
        {stats.isPending ? (
          // The figures' two lines, so nothing below moves when they come.
          <>
            <Skeleton className="mt-1 h-10 w-24" />
            <Skeleton className="mt-1 h-5 w-40" />
          </>
        ) : (
          <p className="mt-1 font-bold text-4xl text-fg tabular-nums" data-testid="available-invites">
            {stats.data?.availableInvites ?? 0}
            <span className="ml-1 font-medium text-base text-muted">{ACCESS_TEXT.inviteFriends.peopleUnit}</span>
          </p>
        )}
        {stats.data && (
          <p className="mt-1 text-muted text-sm">
            {ACCESS_TEXT.inviteFriends.invitedSoFar}
            <span className="tabular-nums">{stats.data.totalInvitesUsed}</span>
            {ACCESS_TEXT.inviteFriends.peopleUnit}
          </p>
        )}
      </div>

      {/* How it works before the list, not after it: a list that arrives moves nothing below it. */}
      <p className="mt-4 text-muted text-xs leading-relaxed">{ACCESS_TEXT.inviteFriends.howItWorks}</p>

      <h2 className="mt-8 mb-3 font-bold text-lg">{ACCESS_TEXT.inviteFriends.heading}</h2>
      <ListState
        query={codes}
        what={ACCESS_TEXT.inviteFriends.what}
        skeleton={
          <div className="space-y-3">
            <Skeleton className="h-28" />
            <Skeleton className="h-28" />
          </div>
        }
        empty={<EmptyState icon={Ticket} title={ACCESS_TEXT.inviteFriends.title} body={ACCESS_TEXT.inviteFriends.body} look="card" />}
      >
        {(items) => (
          <ul className="space-y-3" data-testid="invitation-list">
            {sortByState(items).map((inv) => (
              <InvitationRow
                key={inv.id}
                invitation={inv}
                state={invitationState(inv)}
                url={inviteUrl(origin, inv.code)}
                refusal={copyRefusal(inv)}
              />
            ))}
          </ul>
        )}
      </ListState>
    </section>
  );
}

const STATE_ORDER = { usable: 0, used: 1, inactive: 2 } as const;

/** Codes that can still be shared first, then used ones, then inactive ones (stable within each group). */
function sortByState(list: Invitation[]): Invitation[] {
  return [...list].sort((a, b) => STATE_ORDER[invitationState(a)] - STATE_ORDER[invitationState(b)]);
}

function InviteSkeleton() {
  return (
    <div className="mx-auto w-full max-w-xl space-y-4 px-4 pt-6" aria-hidden="true">
      <Skeleton className="h-8 w-40" />
      <Skeleton className="h-28" />
      <Skeleton className="h-28" />
    </div>
  );
}
