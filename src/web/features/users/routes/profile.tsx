import { OFFICIAL_ID } from '@shared/constants';
import { USERS_TEXT } from '@shared/messages/users';
import { PlaylistCard } from '@web/components/playlist/playlist-card';
import { PlayTrackButton } from '@web/components/track/play-track-button';
import { TrackList } from '@web/components/track/track-list';
import { TrackRow, TrackRowSkeletons } from '@web/components/track/track-row';
import { EmptyState } from '@web/components/ui/empty-state';
import { ListState } from '@web/components/ui/list-state';
import { LoadingStatus, Skeleton, Skeletons } from '@web/components/ui/skeleton';
import { StatSkeletons } from '@web/components/ui/stat-grid';
import { Tab, TabList, TabPanel, Tabs } from '@web/components/ui/tabs';
import { usePlayerValue } from '@web/lib/audio/player-context';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { AudioLines, ListMusic } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useParams } from 'react-router';
import { useProfile, useUserPlaylists, useUserTracks } from '../api/get-user';
import { ProfileHeader } from '../components/profile-header';
import { UserNotFound } from '../components/user-not-found';

/** What the app hands the profile page: the follows feature's follow button for a member. */
export interface ProfileSlots {
  followButton: (userRef: string) => ReactNode;
}

/** /{customUserId or id} and /user/{id}: a member's public page. */
export function ProfileRoute(slots: ProfileSlots) {
  const { userId, id } = useParams();
  return <PublicProfile userRef={userId ?? id ?? ''} {...slots} />;
}

/** /mugen: the official account, in the same layout (with the ∞ avatar). */
export function OfficialRoute(slots: ProfileSlots) {
  return <PublicProfile userRef={OFFICIAL_ID} {...slots} />;
}

function PublicProfile({ userRef, followButton }: { userRef: string } & ProfileSlots) {
  const profile = useProfile(userRef);
  useDocumentTitle(profile.data?.name ?? (profile.isError ? USERS_TEXT.publicProfile.isError : USERS_TEXT.publicProfile.notIsError));
  if (!userRef || profile.isError) return <UserNotFound />;
  if (!profile.data) return <ProfileSkeleton />;
  return (
    // From 1024 px: the header in a column of its own at the start, kept in view, the tabs beside it.
    <div
      className="mx-auto w-full max-w-2xl px-4 pt-6 pb-10 lg:grid lg:max-w-5xl lg:grid-cols-[18rem_minmax(0,1fr)] lg:items-start lg:gap-10 lg:px-6"
      data-testid="public-profile"
      data-user-id={profile.data.id}
    >
      <div className="lg:sticky lg:top-20">
        <ProfileHeader profile={profile.data} followButton={followButton} />
      </div>
      <ProfileTabs userRef={userRef} trackCount={profile.data.trackCount} />
    </div>
  );
}

/** 投稿音声 and 公開プレイリスト; the playlists are asked for when their tab first opens. */
function ProfileTabs({ userRef, trackCount }: { userRef: string; trackCount: number }) {
  const [tab, setTab] = useState('tracks');
  const [seenPlaylists, setSeenPlaylists] = useState(false);
  return (
    <Tabs
      look="bar"
      value={tab}
      onValueChange={(v) => {
        setTab(v);
        if (v === 'playlists') setSeenPlaylists(true);
      }}
      className="mt-8 lg:mt-0"
    >
      <TabList aria-label={USERS_TEXT.profileTabs.ariaLabel}>
        <Tab value="tracks">
          <AudioLines aria-hidden="true" className="size-4" />
          {USERS_TEXT.profileTabs.tracks}
          <span className="text-xs tabular-nums">{trackCount}</span>
        </Tab>
        <Tab value="playlists">
          <ListMusic aria-hidden="true" className="size-4" />
          {USERS_TEXT.profileTabs.playlists}
        </Tab>
      </TabList>
      <TabPanel value="tracks" className="pt-3">
        <UserTracks userRef={userRef} />
      </TabPanel>
      <TabPanel value="playlists" className="pt-3">
        <UserPlaylists userRef={userRef} enabled={seenPlaylists || tab === 'playlists'} />
      </TabPanel>
    </Tabs>
  );
}

function UserTracks({ userRef }: { userRef: string }) {
  const tracks = useUserTracks(userRef);
  const currentId = usePlayerValue((s) => s.track?.id ?? null);
  return (
    <ListState
      query={tracks}
      what={USERS_TEXT.userTracks.what}
      skeleton={<TrackRowSkeletons />}
      errorAsEmpty
      empty={<EmptyState icon={AudioLines} title={USERS_TEXT.userTracks.title} testId="profile-tracks-empty" />}
    >
      {(items) => (
        <TrackList testId="profile-tracks">
          {items.map((t) => (
            <li key={t.id}>
              <TrackRow track={t} current={t.id === currentId} trailing={<PlayTrackButton track={t} />} />
            </li>
          ))}
        </TrackList>
      )}
    </ListState>
  );
}

function UserPlaylists({ userRef, enabled }: { userRef: string; enabled: boolean }) {
  const playlists = useUserPlaylists(userRef, enabled);
  return (
    <ListState
      query={playlists}
      what={USERS_TEXT.userPlaylists.what}
      skeleton={
        <div className="space-y-2.5" role="status" aria-label={USERS_TEXT.userPlaylists.ariaLabel}>
          <Skeleton className="h-24 rounded-2xl" />
          <Skeleton className="h-24 rounded-2xl" />
        </div>
      }
      errorAsEmpty
      empty={<EmptyState icon={ListMusic} title={USERS_TEXT.userPlaylists.title} testId="profile-playlists-empty" />}
    >
      {(items) => (
        <ul className="space-y-2.5" data-testid="profile-playlists">
          {items.map((p) => (
            <li key={p.id}>
              <PlaylistCard playlist={p} />
            </li>
          ))}
        </ul>
      )}
    </ListState>
  );
}

function ProfileSkeleton() {
  return (
    <LoadingStatus label={USERS_TEXT.profileSkeleton.ariaLabel} className="mx-auto flex w-full max-w-2xl flex-col items-center px-4 pt-6">
      <Skeletons bars={['size-24 rounded-full', 'mt-4 h-7 w-40', 'mt-2 h-4 w-24']} />
      <StatSkeletons />
      <div className="mt-8 w-full">
        <TrackRowSkeletons count={3} />
      </div>
    </LoadingStatus>
  );
}
