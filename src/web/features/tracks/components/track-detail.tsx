import { SHARE_TEXT } from '@shared/messages/share';
import { TRACKS_TEXT } from '@shared/messages/tracks';
import { formatCount, formatDateJa } from '@shared/rules/format';
import { trackShareUrl } from '@shared/rules/share';
import type { Track } from '@shared/schemas/track';
import { PlayButton } from '@web/components/player/play-button';
import { ProgressSlider } from '@web/components/player/progress-slider';
import { SpeedSelector } from '@web/components/player/speed-selector';
import { ShareActions } from '@web/components/share/share-actions';
import { Avatar } from '@web/components/ui/avatar';
import { PhraseText } from '@web/components/ui/phrase-text';
import { StatGrid } from '@web/components/ui/stat-grid';
import { usePlayer, usePlayerState } from '@web/lib/audio/player-context';
import { publicOrigin } from '@web/lib/public-origin';
import { Calendar, Eye, Headphones } from 'lucide-react';
import { useEffect } from 'react';
import { PlaybackError } from './playback-error';
import { CategoryChip, PosterLink } from './poster';
import { useTrackActions } from './track-actions';
import { TrackTranscript, VoiceCredit } from './transcript';

/**
 * The track page's player (listener spec §2, Track detail). It drives the shared player: opened with
 * nothing loaded it cues this track; while another track plays, that one keeps playing (the bar below
 * stays to control it) until play is pressed here.
 */
export function TrackDetail({ track }: { track: Track }) {
  const player = usePlayer();
  const { LikeButton, AddToPlaylistButton, TrialRemaining, OfflineKeepButton, AdSlot, AskHostsButton } = useTrackActions();
  const s = usePlayerState();
  const isCurrent = s.track?.id === track.id;

  useEffect(() => {
    if (!player.getSnapshot().track) player.playTrack(track, { autoplay: false });
  }, [player, track]);

  const onPlay = () => (isCurrent ? player.toggle() : player.playTrack(track, { autoplay: true }));

  return (
    // From 1024 px: the player in its column (about 480 px) at the start, the transcript beside it.
    <article
      className="mx-auto flex w-full max-w-[480px] flex-col px-6 pt-6 pb-8 lg:grid lg:max-w-5xl lg:grid-cols-[minmax(0,30rem)_minmax(0,1fr)] lg:items-start lg:gap-x-10"
      data-testid="track-detail"
      data-track-id={track.id}
    >
      <div className="flex flex-col">
        <div className="flex flex-col items-center">
          <div className="relative flex size-36 items-center justify-center rounded-[1.75rem] bg-gradient-to-br from-accent-soft via-surface to-surface-2 shadow-card">
            <Avatar picture={track.posterPicture} name={track.posterName} className="size-[62%] bg-bg" textClassName="text-5xl" />
          </div>
          <div className="mt-5">
            <CategoryChip category={track.category} />
          </div>
        </div>
        {/* The whole title, wrapped between phrases; the marquee is the home player's (issue 20). */}
        <h1
          className="mt-2 text-balance text-center font-bold text-2xl leading-snug tracking-wide"
          data-testid="track-title"
          data-title={track.title}
        >
          <PhraseText text={track.title} />
        </h1>
        <div className="mt-1 flex flex-wrap items-center justify-center gap-x-3 text-muted text-sm">
          <PosterLink track={track} />
          <span className="inline-flex items-center gap-1 tabular-nums" data-testid="upload-date">
            <Calendar aria-hidden="true" className="size-4" />
            <span className="sr-only">{TRACKS_TEXT.trackDetail.postedOn}</span>
            <time dateTime={track.uploadedAt}>{formatDateJa(track.uploadedAt)}</time>
          </span>
        </div>

        <StatGrid
          className="mt-5"
          stats={[
            { icon: Headphones, label: TRACKS_TEXT.trackDetail.label, value: formatCount(track.playCount), testId: 'play-count' },
            { icon: Eye, label: TRACKS_TEXT.trackDetail.label2, value: formatCount(track.impressionCount), testId: 'impression-count' },
          ]}
        />

        <div className="mt-6 rounded-3xl bg-surface p-5">
          <ProgressSlider
            currentTime={isCurrent ? s.currentTime : 0}
            duration={isCurrent ? s.duration : track.duration}
            disabled={!isCurrent || !s.isReady}
            onSeek={(f) => player.seek(f)}
          />
          {isCurrent && s.error && <PlaybackError message={s.error} />}
          {/* The play button in the middle column: the like count beside it never moves it. */}
          <div className="mt-3 grid grid-cols-[1fr_auto_1fr] items-center gap-2">
            <LikeButton track={track} className="justify-self-start" />
            <PlayButton
              isPlaying={isCurrent && s.isPlaying}
              isReady={isCurrent ? s.isReady : true}
              isLoading={isCurrent && !s.error}
              onClick={onPlay}
            />
            <AddToPlaylistButton track={track} className="min-w-14 justify-self-end" />
          </div>
          <div className="mt-4 flex flex-col items-center gap-2">
            <SpeedSelector rate={s.rate} onChange={(r) => player.setRate(r)} />
            <TrialRemaining />
          </div>
        </div>
        <div className="mt-4 flex flex-wrap justify-center gap-2">
          <AskHostsButton track={track} />
          <OfflineKeepButton track={track} />
        </div>
        {/* The share sheet, LINE and copy, with the public address (issue 20). */}
        <ShareActions
          className="mt-3"
          url={trackShareUrl(publicOrigin(), track)}
          title={track.title}
          text={SHARE_TEXT.sharedText.track(track.title)}
        />
        <VoiceCredit track={track} className="mt-3" />
        <AdSlot className="mt-6" />
      </div>
      <TrackTranscript track={track} className="lg:sticky lg:top-20 lg:mt-0" />
    </article>
  );
}
