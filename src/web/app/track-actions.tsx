import { LikeButton } from '@web/features/likes/components/like-button';
import { AddToPlaylistButton } from '@web/features/playlists/components/add-to-playlist';
import { TrialRemaining } from '@web/features/premium/components/trial-remaining';
import type { TrackActions } from '@web/features/tracks/components/track-actions';

/** What the track players (home hero, track page) show beside a track, from the features that own it. */
export const TRACK_ACTIONS: TrackActions = { LikeButton, AddToPlaylistButton, TrialRemaining };
