import { SHELL_TEXT } from '@shared/messages/shell';
import { formatTime } from '@shared/rules/format';
import { cn } from '@web/lib/cn';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';

interface ProgressSliderProps {
  currentTime: number;
  duration: number;
  disabled?: boolean;
  /** Called with a fraction 0..1 when the listener lets go (or presses a key). */
  onSeek: (fraction: number) => void;
  className?: string;
}

/** Seconds moved by Page Up / Page Down (the browser's own step would be a tenth of the track). */
const PAGE_STEP_S = 10;

/**
 * The playing position: click, drag or use the arrow keys (1 s; Page Up/Down 10 s; Home/End). While
 * dragging the thumb follows the finger and the time readout shows the target.
 *
 * A native range input (role slider, keyboard and touch from the browser) drawn over by the track and
 * the thumb: it costs no script to start and measures nothing on mount. The input is transparent and
 * on top; its thumb is styled to the drawn thumb's size (styles.css, .progress-range), so a finger on
 * the drawn thumb is on the real one.
 */
export function ProgressSlider({ currentTime, duration, disabled, onSeek, className }: ProgressSliderProps) {
  const [dragging, setDragging] = useState<number | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const max = duration > 0 ? duration : 1;
  const value = Math.min(max, Math.max(0, dragging ?? currentTime));
  const off = disabled || duration <= 0;
  // The drawn thumb's centre: the range input's thumb (1rem wide) travels from 0.5rem to 100% - 0.5rem.
  const thumbAt = `calc(0.5rem + (100% - 1rem) * ${value / max})`;

  // 'change' comes when the pointer lets go and on each key press ('input', React's onChange, while dragging).
  const commit = useRef<(v: number) => void>(() => {});
  commit.current = (v) => {
    setDragging(null);
    onSeek(Math.min(max, Math.max(0, v)) / max);
  };
  useEffect(() => {
    const el = input.current;
    if (!el) return;
    const onChange = () => commit.current(Number(el.value));
    el.addEventListener('change', onChange);
    return () => el.removeEventListener('change', onChange);
  }, []);

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'PageUp' && e.key !== 'PageDown') return;
    e.preventDefault();
    commit.current(value + (e.key === 'PageUp' ? PAGE_STEP_S : -PAGE_STEP_S));
  };

  return (
    <div className={cn('w-full', className)}>
      <div
        className={cn('group relative flex h-11 w-full touch-none select-none items-center', off && 'opacity-50')}
        data-testid="progress-slider"
        data-disabled={off ? '' : undefined}
      >
        <input
          ref={input}
          type="range"
          min={0}
          max={max}
          step={1}
          value={value}
          disabled={off}
          aria-label={SHELL_TEXT.progressSlider.ariaLabel}
          aria-valuetext={`${formatTime(value)} / ${formatTime(duration)}`}
          onChange={(e) => setDragging(Number(e.target.value))}
          onKeyDown={onKeyDown}
          className="progress-range peer absolute inset-0 z-10 m-0 h-full w-full cursor-pointer touch-none opacity-0 disabled:cursor-default"
        />
        <div className="relative h-1.5 grow overflow-hidden rounded-full bg-surface-2">
          <div className="absolute h-full rounded-full bg-accent" style={{ width: thumbAt }} />
        </div>
        <div
          aria-hidden="true"
          className={cn(
            'pointer-events-none absolute top-1/2 block size-4 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-bg bg-accent shadow-card transition-transform',
            'group-hover:scale-110 peer-focus-visible:scale-125 peer-focus-visible:ring-2 peer-focus-visible:ring-accent peer-focus-visible:ring-offset-2 peer-focus-visible:ring-offset-bg',
            off && 'hidden',
          )}
          style={{ left: thumbAt }}
        />
      </div>
      <div className="-mt-1 flex justify-between text-muted text-xs tabular-nums">
        <span data-testid="elapsed-time">
          <span className="sr-only">{SHELL_TEXT.progressSlider.elapsed}</span>
          {formatTime(value)}
        </span>
        <span data-testid="total-time">
          <span className="sr-only">{SHELL_TEXT.progressSlider.total}</span>
          {formatTime(duration)}
        </span>
      </div>
    </div>
  );
}
