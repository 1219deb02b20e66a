import { TRACKS_TEXT } from '@shared/messages/tracks';
import { lineAt } from '@shared/rules/transcript';
import type { Track } from '@shared/schemas/track';
import { useQuery } from '@tanstack/react-query';
import { ButtonLink } from '@web/components/ui/button';
import { ApiError } from '@web/lib/api';
import { usePlayer, usePlayerValue } from '@web/lib/audio/player-context';
import { cn } from '@web/lib/cn';
import { Crown } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { transcriptQueryOptions } from '../api/get-transcript';
import { ClaimMark } from './claim-mark';
import { useTrackActions } from './track-actions';

/**
 * The script as a transcript that follows playback: the line being spoken is highlighted and kept in
 * view, and a tap on a line plays from there (issue 15). Tracks without timings show their lines only.
 * The tapped line shows under it how the voice read it, in katakana (issue 37.2); tapping it again, or
 * another line, hides it. The line's button says so with aria-expanded.
 */
export function TrackTranscript({ track, className }: { track: Track; className?: string }) {
  const player = usePlayer();
  const { ReportMisreading } = useTrackActions();
  const { data, error } = useQuery(transcriptQueryOptions(track.id));
  const isCurrent = usePlayerValue((s) => s.track?.id === track.id);
  const ms = usePlayerValue((s) => (s.track?.id === track.id ? Math.floor(s.currentTime * 4) * 250 : -1));
  const lines = data?.lines ?? [];
  // A transcript kept from before claims were served has none.
  const claimsOn = (i: number) => (data?.claims ?? []).filter((c) => c.line === i);
  // The time is read in quarter seconds; a line lights up within that quarter of its start.
  const active = isCurrent ? lineAt(lines, ms + 250) : -1;
  const list = useRef<HTMLOListElement>(null);
  const [shown, setShown] = useState<number | null>(null);
  const readingId = useId();
  // Another track's transcript in the same place starts with every reading hidden.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the track is what resets it
  useEffect(() => setShown(null), [track.id]);

  useEffect(() => {
    if (active < 0) return;
    const el = list.current?.children[active] as HTMLElement | undefined;
    el?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [active]);

  // A premium-only track's words follow the stream's rule (#36.4): say why they are not shown.
  if (error instanceof ApiError && error.status === 403) return <PremiumOnlyTranscript className={className} />;
  if (lines.length === 0) return null;
  const timed = lines.some((l) => l.startMs !== null);
  const seek = (startMs: number | null) => {
    if (startMs === null) return;
    if (!isCurrent) player.playTrack(track, { autoplay: true });
    player.seekTo(startMs / 1000);
    if (!player.getSnapshot().isPlaying) player.toggle();
  };

  return (
    <section className={cn('mt-6', className)} aria-labelledby="transcript-title" data-testid="transcript">
      <h2 id="transcript-title" className="mb-2 font-bold">
        {TRACKS_TEXT.transcript.title}
      </h2>
      <ol ref={list} className="max-h-80 space-y-1 overflow-y-auto rounded-3xl bg-surface p-3 lg:max-h-[calc(100dvh-12rem)]">
        {lines.map((line, i) => (
          <li
            key={`${line.speaker}:${line.startMs ?? line.text}`}
            aria-current={i === active ? 'true' : undefined}
            className="flex flex-wrap items-start gap-1"
          >
            <button
              type="button"
              disabled={!timed && !line.reading}
              aria-expanded={line.reading ? shown === i : undefined}
              aria-controls={line.reading && shown === i ? `${readingId}-${i}` : undefined}
              onClick={() => {
                seek(line.startMs);
                if (line.reading) setShown(shown === i ? null : i);
              }}
              className={cn(
                'min-w-0 flex-1 rounded-2xl px-3 py-2 text-left text-[15px] leading-relaxed transition-colors',
                i === active ? 'bg-accent-soft font-medium text-fg' : 'text-muted hover:bg-surface-2',
              )}
            >
              <span className="mr-2 text-xs font-semibold text-accent">{line.speaker}</span>
              {line.text}
              {timed && <span className="sr-only">{TRACKS_TEXT.transcript.seekSuffix}</span>}
            </button>
            <ClaimMark claims={claimsOn(i)} />
            <ReportMisreading track={track} line={i} text={line.text} reading={line.reading} />
            {line.reading && shown === i && (
              <p id={`${readingId}-${i}`} className="basis-full px-3 pb-1 text-muted text-sm" data-testid="transcript-reading">
                <span className="mr-2 text-xs font-semibold">{TRACKS_TEXT.transcript.reading}</span>
                {line.reading}
              </p>
            )}
          </li>
        ))}
      </ol>
      {data?.credit && (
        <p className="mt-2 px-3 text-muted text-xs" data-testid="transcript-voice-credit">
          {TRACKS_TEXT.transcript.voiceCredit(data.credit)}
        </p>
      )}
    </section>
  );
}

/** The credit the voices' terms require, shown on the track page for a track whose voice asks for one: VOICEVOX (#29.5), Open JTalk's HTS voice (#37.1). */
export function VoiceCredit({ track, className }: { track: Track; className?: string }) {
  const { data } = useQuery(transcriptQueryOptions(track.id));
  if (!data?.credit) return null;
  return (
    <p className={cn('text-center text-muted text-xs', className)} data-testid="voice-credit">
      {TRACKS_TEXT.transcript.voiceCredit(data.credit)}
    </p>
  );
}

function PremiumOnlyTranscript({ className }: { className?: string }) {
  return (
    <section className={cn('mt-6', className)} aria-labelledby="transcript-title" data-testid="transcript-premium-only">
      <h2 id="transcript-title" className="mb-2 font-bold">
        {TRACKS_TEXT.transcript.title}
      </h2>
      <div className="rounded-3xl bg-surface p-4 text-sm">
        <p>{TRACKS_TEXT.transcript.premiumOnly}</p>
        <ButtonLink to="/premium" size="sm" className="mt-3">
          <Crown aria-hidden="true" className="size-4" />
          {TRACKS_TEXT.transcript.premiumLink}
        </ButtonLink>
      </div>
    </section>
  );
}
