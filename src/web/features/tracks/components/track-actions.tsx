import type { Track } from '@shared/schemas/track';
import { type ComponentType, createContext, useContext } from 'react';

/**
 * The like and add-to-playlist buttons, the 2x trial's time left, the offline keep button and the one
 * ad slot (free members only), shown by the track players. They belong to the likes, playlists and
 * premium features, which this one does not import: the app hands them in (app/track-actions.tsx), as
 * it hands the player its EngineHooks.
 */
export interface TrackActions {
  LikeButton: ComponentType<{ track: Track; className?: string }>;
  AddToPlaylistButton: ComponentType<{ track: Track; className?: string }>;
  TrialRemaining: ComponentType<{ className?: string }>;
  OfflineKeepButton: ComponentType<{ track: Track; className?: string }>;
  AdSlot: ComponentType<{ className?: string }>;
  /** 読み間違いを報告 beside a transcript line, with the line's reading as spoken (the readings feature, issues 25.3, 37.2). */
  ReportMisreading: ComponentType<{ track: Track; line: number; text: string; reading?: string }>;
  /** あと N 分 on the home player: a programme that fills the member's minutes (the radio feature, issue 28.1). */
  ProgrammeControl: ComponentType<{ className?: string }>;
  /** 質問する: the member asks the hosts about the track (the questions feature, issue 39.1). */
  AskHostsButton: ComponentType<{ track: Track; className?: string; look?: 'button' | 'icon' }>;
}

const TrackActionsContext = createContext<TrackActions | null>(null);

export const TrackActionsProvider = TrackActionsContext.Provider;

export function useTrackActions(): TrackActions {
  const actions = useContext(TrackActionsContext);
  if (!actions) throw new Error('useTrackActions outside TrackActionsProvider (app/provider.tsx)');
  return actions;
}
