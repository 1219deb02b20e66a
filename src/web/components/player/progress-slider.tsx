import { formatTime } from '@shared/rules/format';
import { cn } from '@web/lib/cn';
import { Slider } from 'radix-ui';
import { useState } from 'react';

interface ProgressSliderProps {
  currentTime: number;
  duration: number;
  disabled?: boolean;
  /** Called with a fraction 0..1 when the listener lets go (or presses a key). */
  onSeek: (fraction: number) => void;
  className?: string;
}

/**
 * The playing position: click, drag or use the arrow keys (1 s; Page Up/Down 10 s; Home/End). While
 * dragging the thumb follows the finger and the time readout shows the target.
 */
export function ProgressSlider({ currentTime, duration, disabled, onSeek, className }: ProgressSliderProps) {
  const [dragging, setDragging] = useState<number | null>(null);
  const max = duration > 0 ? duration : 1;
  const value = Math.min(max, Math.max(0, dragging ?? currentTime));
  return (
    <div className={cn('w-full', className)}>
      <Slider.Root
        min={0}
        max={max}
        step={1}
        value={[value]}
        disabled={disabled || duration <= 0}
        onValueChange={([v]) => setDragging(v)}
        onValueCommit={([v]) => {
          setDragging(null);
          onSeek(v / max);
        }}
        className="group relative flex h-11 w-full touch-none select-none items-center data-[disabled]:opacity-50"
        data-testid="progress-slider"
      >
        <Slider.Track className="relative h-1.5 grow overflow-hidden rounded-full bg-surface-2">
          <Slider.Range className="absolute h-full rounded-full bg-accent" />
        </Slider.Track>
        <Slider.Thumb
          aria-label="再生位置"
          aria-valuetext={`${formatTime(value)} / ${formatTime(duration)}`}
          className={cn(
            'block size-4 rounded-full border-2 border-bg bg-accent shadow-card transition-transform',
            'group-hover:scale-110 focus-visible:scale-125 data-[disabled]:hidden',
          )}
        />
      </Slider.Root>
      <div className="-mt-1 flex justify-between text-muted text-xs tabular-nums">
        <span data-testid="elapsed-time">
          <span className="sr-only">経過時間 </span>
          {formatTime(value)}
        </span>
        <span data-testid="total-time">
          <span className="sr-only">合計時間 </span>
          {formatTime(duration)}
        </span>
      </div>
    </div>
  );
}
