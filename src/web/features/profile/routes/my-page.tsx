import { PROFILE_TEXT } from '@shared/messages/profile';
import { MY_PAGE_TABS, type MyPageTab, myPageTab } from '@shared/rules/my-page';
import type { User } from '@shared/schemas/auth';
import type { Track } from '@shared/schemas/track';
import { LoginRequiredNotice } from '@web/components/layout/login-required-notice';
import { RowSkeletons, Skeletons } from '@web/components/ui/skeleton';
import { Tab, TabList, TabPanel, Tabs } from '@web/components/ui/tabs';
import { useUser } from '@web/lib/auth';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { useTabParam } from '@web/lib/use-tab-param';
import { Heart, ListMusic, Mic } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { AccountSection } from '../components/account-section';
import { EditProfileDialog } from '../components/edit-profile-dialog';
import { MyTracksTab } from '../components/my-tracks-tab';
import { ProfileHeader } from '../components/profile-header';

const TAB_LABELS: Record<MyPageTab, { label: string; icon: typeof Heart }> = {
  favorites: { label: PROFILE_TEXT.tabLabels.favoritesLabel, icon: Heart },
  playlists: { label: PROFILE_TEXT.tabLabels.playlistsLabel, icon: ListMusic },
  'my-tracks': { label: PROFILE_TEXT.tabLabels.myTracksLabel, icon: Mic },
};

/**
 * A tab's panel keeps at least most of a phone's screen, so the account section below starts off screen
 * and a list that arrives (or an empty tab's card) never moves it in view (issue 20, layout shift). On a
 * desktop the account section is in the column beside the tabs.
 */
const TAB_PANEL = 'mt-4 min-h-[60dvh] lg:min-h-0';

/** What other features show on My Page; the app composes them (src/web/app/routes/my-page.tsx). */
export interface MyPageSlots {
  favorites: ReactNode;
  playlists: ReactNode;
  followStats: (user: User) => ReactNode;
  /** The premium panel (membership, kept offline tracks); renders nothing for a free member. */
  premium?: ReactNode;
  /** The add-to-playlist menu of a posted track (listener spec 2.7: beside the visibility toggle and delete). */
  addToPlaylist?: (track: Track) => ReactNode;
}

/** /profile, マイページ (listener spec §2 My Page). ?tab= picks the tab; anything unknown is お気に入り. */
export function MyPage({ favorites, playlists, followStats, premium, addToPlaylist }: MyPageSlots) {
  useDocumentTitle(PROFILE_TEXT.myPage.documentTitle);
  const { user, isPending } = useUser();
  const [editing, setEditing] = useState(false);
  const [tab, setTab] = useTabParam(myPageTab);

  if (isPending) return <MyPageSkeleton />;
  if (!user) {
    return (
      <LoginRequiredNotice returnTo="/profile" testId="profile-login-required">
        {PROFILE_TEXT.myPage.loginRequired}
      </LoginRequiredNotice>
    );
  }

  return (
    // From 1024 px: the member (header, premium, account) in a column at the start, the tabs beside it.
    <div
      className="mx-auto w-full max-w-2xl px-4 pt-6 pb-10 lg:grid lg:max-w-5xl lg:grid-cols-[22rem_minmax(0,1fr)] lg:grid-rows-[auto_1fr] lg:items-start lg:gap-x-8 lg:px-6"
      data-testid="my-page"
    >
      <div className="lg:col-start-1 lg:row-start-1">
        <ProfileHeader user={user} onEdit={() => setEditing(true)} followStats={followStats(user)} />
        <EditProfileDialog user={user} open={editing} onOpenChange={setEditing} />
        {premium}
      </div>

      <Tabs look="segmented" value={tab} onValueChange={setTab} className="mt-8 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:mt-0">
        <TabList aria-label={PROFILE_TEXT.myPage.ariaLabel} className="grid-cols-3">
          {MY_PAGE_TABS.map((value) => {
            const { label, icon: Icon } = TAB_LABELS[value];
            return (
              <Tab key={value} value={value}>
                <Icon aria-hidden="true" className="hidden size-4 shrink-0 min-[420px]:block" />
                <span className="truncate">{label}</span>
              </Tab>
            );
          })}
        </TabList>
        <TabPanel value="favorites" className={TAB_PANEL}>
          {favorites}
        </TabPanel>
        <TabPanel value="playlists" className={TAB_PANEL}>
          {playlists}
        </TabPanel>
        <TabPanel value="my-tracks" className={TAB_PANEL}>
          <MyTracksTab addToPlaylist={addToPlaylist} />
        </TabPanel>
      </Tabs>

      <div className="lg:col-start-1 lg:row-start-2">
        <AccountSection />
      </div>
    </div>
  );
}

function MyPageSkeleton() {
  return (
    <div className="mx-auto w-full max-w-2xl space-y-4 px-4 pt-6" aria-hidden="true">
      <RowSkeletons count={1} className="flex items-center gap-4" lead="size-20 rounded-full" lines={['h-6 w-32', 'h-8 w-44']} />
      <Skeletons bars={['h-12', 'h-11', 'mt-8 h-12']} />
    </div>
  );
}
