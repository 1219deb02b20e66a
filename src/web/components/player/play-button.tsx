import { SHELL_TEXT } from '@shared/messages/shell';
import { cn } from '@web/lib/cn';
import { LoaderCircle, Pause, Play } from 'lucide-react';

interface PlayButtonProps {
  isPlaying: boolean;
  /** Greyed and inert until the audio is ready (L-2.5-02). */
  isReady: boolean;
  /** Shows a spinner while not ready (a track is loading) rather than only greying out. */
  isLoading?: boolean;
  onClick: () => void;
  size?: 'hero' | 'bar';
  className?: string;
}

export function PlayButton({ isPlaying, isReady, isLoading = false, onClick, size = 'hero', className }: PlayButtonProps) {
  const Icon = isPlaying ? Pause : Play;
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={!isReady}
      aria-disabled={!isReady}
      aria-label={isPlaying ? SHELL_TEXT.playButton.isPlaying : SHELL_TEXT.playButton.notIsPlaying}
      data-state={isPlaying ? 'playing' : 'paused'}
      data-ready={isReady ? 'true' : 'false'}
      className={cn(
        'relative inline-flex shrink-0 items-center justify-center rounded-full bg-accent text-accent-fg transition',
        'enabled:hover:bg-accent-hover enabled:active:scale-95 disabled:cursor-not-allowed disabled:bg-surface-2 disabled:text-muted',
        size === 'hero' ? 'size-[76px] shadow-card' : 'size-11',
        className,
      )}
    >
      {!isReady && isLoading ? (
        <LoaderCircle aria-hidden="true" className={cn('animate-spin', size === 'hero' ? 'size-8' : 'size-5')} />
      ) : (
        <Icon
          aria-hidden="true"
          fill="currentColor"
          strokeWidth={0}
          className={cn(size === 'hero' ? 'size-9' : 'size-5', !isPlaying && 'translate-x-[2px]')}
        />
      )}
    </button>
  );
}
