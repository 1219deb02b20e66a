import { LikeButton } from '@web/features/likes/components/like-button';
import { AddToPlaylistButton } from '@web/features/playlists/components/add-to-playlist';
import { HouseAd } from '@web/features/premium/components/house-ad';
import { OfflineKeepButton } from '@web/features/premium/components/offline-keep-button';
import { TrialRemaining } from '@web/features/premium/components/trial-remaining';
import { AskHostsButton } from '@web/features/questions/components/ask-hosts-button';
import { ProgrammeControl } from '@web/features/radio/components/programme-control';
import { ReportMisreading } from '@web/features/readings/components/report-misreading';
import type { TrackActions } from '@web/features/tracks/components/track-actions';

/** What the track players (home hero, track page) show beside a track, from the features that own it. */
export const TRACK_ACTIONS: TrackActions = {
  LikeButton,
  AddToPlaylistButton,
  TrialRemaining,
  OfflineKeepButton,
  AdSlot: HouseAd,
  ReportMisreading,
  ProgrammeControl,
  AskHostsButton,
};
