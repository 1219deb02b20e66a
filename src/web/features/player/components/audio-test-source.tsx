import { PLAYER_TEXT } from '@shared/messages/player';
import { formatTime } from '@shared/rules/format';
import { describeMediaError, describePlayRejection } from '@shared/rules/playback-errors';
import { Pause, Play } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';

export interface TestSourceOption {
  label: string;
  src: string | null;
}

const READY_STATES = [
  PLAYER_TEXT.readyStates.haveNothing,
  PLAYER_TEXT.readyStates.haveMetadata,
  PLAYER_TEXT.readyStates.haveCurrentData,
  PLAYER_TEXT.readyStates.haveFutureData,
  PLAYER_TEXT.readyStates.haveEnoughData,
];
const NETWORK_STATES = [
  PLAYER_TEXT.networkStates.networkEmpty,
  PLAYER_TEXT.networkStates.networkIdle,
  PLAYER_TEXT.networkStates.networkLoading,
  PLAYER_TEXT.networkStates.networkNoSource,
];

interface ElementState {
  readyState: number;
  networkState: number;
  errorCode: number | null;
  playing: boolean;
  currentTime: number;
  duration: number;
  message: string | null;
}

const initial: ElementState = {
  readyState: 0,
  networkState: 0,
  errorCode: null,
  playing: false,
  currentTime: 0,
  duration: 0,
  message: null,
};

/**
 * One test source of /audio-test: its own <audio> element (not the radio player), play and pause, the
 * element's readyState, networkState and error code, and the spec's message for a loading error.
 */
export function AudioTestSource({ index, options }: { index: number; options: readonly TestSourceOption[] }) {
  const audio = useRef<HTMLAudioElement>(null);
  const [choice, setChoice] = useState(0);
  const [state, setState] = useState<ElementState>(initial);
  const selectId = useId();
  const src = options[choice]?.src ?? null;

  useEffect(() => {
    const el = audio.current;
    if (!el) return;
    const sync = () =>
      setState((s) => ({
        ...s,
        readyState: el.readyState,
        networkState: el.networkState,
        errorCode: el.error?.code ?? null,
        playing: !el.paused && !el.ended,
        currentTime: el.currentTime,
        duration: Number.isFinite(el.duration) ? el.duration : 0,
      }));
    const onError = () => {
      const problem = describeMediaError(el.error?.code);
      console.warn(`audio test source ${index}: ${problem.log}`);
      setState((s) => ({ ...s, message: problem.message }));
      sync();
    };
    const events = [
      'loadstart',
      'loadedmetadata',
      'loadeddata',
      'canplay',
      'canplaythrough',
      'play',
      'playing',
      'pause',
      'waiting',
      'timeupdate',
      'ended',
      'emptied',
      'progress',
      'suspend',
      'stalled',
      'durationchange',
    ];
    for (const e of events) el.addEventListener(e, sync);
    el.addEventListener('error', onError);
    return () => {
      for (const e of events) el.removeEventListener(e, sync);
      el.removeEventListener('error', onError);
    };
  }, [index]);

  const toggle = async () => {
    const el = audio.current;
    if (!el || !src) return;
    if (!el.paused) {
      el.pause();
      return;
    }
    setState((s) => ({ ...s, message: s.errorCode ? s.message : null }));
    try {
      await el.play();
    } catch (err) {
      const problem = describePlayRejection((err as Error).name);
      if (problem) {
        console.warn(`audio test source ${index}: ${problem.log}`);
        // A load error already explains itself; the refused play() adds nothing.
        setState((s) => ({ ...s, message: s.message ?? problem.message }));
      }
    }
  };

  const label = PLAYER_TEXT.audioTestSource.label(index);
  return (
    <section
      aria-labelledby={`${selectId}-title`}
      className="rounded-2xl border border-border bg-surface p-4"
      data-testid={`audio-test-source-${index}`}
    >
      <h2 id={`${selectId}-title`} className="font-bold text-base">
        {label}
      </h2>
      <label htmlFor={selectId} className="mt-3 block text-muted text-sm">
        {PLAYER_TEXT.audioTestSource.label2}
      </label>
      <select
        id={selectId}
        value={choice}
        onChange={(e) => {
          // A new source starts from a clean state; the element loads it when src changes.
          audio.current?.pause();
          setState(initial);
          setChoice(Number(e.target.value));
        }}
        className="mt-1 min-h-11 w-full rounded-xl border border-border bg-bg px-3 text-base"
        data-testid={`audio-test-select-${index}`}
      >
        {options.map((o, i) => (
          <option key={o.label} value={i}>
            {o.label}
          </option>
        ))}
      </select>
      {/* biome-ignore lint/a11y/useMediaCaption: a test tone and spoken demo without captions, for debugging only */}
      <audio ref={audio} src={src ?? undefined} preload="metadata" />
      <div className="mt-4 flex items-center gap-4">
        <button
          type="button"
          onClick={() => void toggle()}
          disabled={!src}
          aria-label={state.playing ? PLAYER_TEXT.audioTestSource.playing(label) : PLAYER_TEXT.audioTestSource.notPlaying(label)}
          className="inline-flex size-14 shrink-0 items-center justify-center rounded-full bg-accent text-accent-fg shadow-sm disabled:opacity-40"
          data-testid={`audio-test-toggle-${index}`}
        >
          {state.playing ? (
            <Pause aria-hidden="true" fill="currentColor" strokeWidth={0} className="size-6" />
          ) : (
            <Play aria-hidden="true" fill="currentColor" strokeWidth={0} className="size-6 translate-x-0.5" />
          )}
        </button>
        <p className="font-medium tabular-nums" data-testid={`audio-test-time-${index}`} data-seconds={state.currentTime.toFixed(2)}>
          {formatTime(state.currentTime)} / {formatTime(state.duration)}
        </p>
      </div>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted">readyState</dt>
        <dd className="tabular-nums" data-testid={`audio-test-ready-${index}`}>
          {state.readyState} {READY_STATES[state.readyState]}
        </dd>
        <dt className="text-muted">networkState</dt>
        <dd className="tabular-nums" data-testid={`audio-test-network-${index}`}>
          {state.networkState} {NETWORK_STATES[state.networkState]}
        </dd>
        <dt className="text-muted">error</dt>
        <dd className="tabular-nums" data-testid={`audio-test-error-code-${index}`}>
          {state.errorCode ?? PLAYER_TEXT.audioTestSource.none}
        </dd>
      </dl>
      {state.message && (
        <p role="alert" className="mt-3 rounded-xl bg-danger/10 px-3 py-2 text-danger text-sm" data-testid={`audio-test-message-${index}`}>
          {state.message}
        </p>
      )}
    </section>
  );
}
