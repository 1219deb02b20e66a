import { type ReactNode, useEffect, useRef, useState } from 'react';
import { AudioEngine, type EngineHooks } from './engine';
import { PlayerContext } from './player-context';

interface PlayerProviderProps extends EngineHooks {
  children: ReactNode;
  /**
   * Whether audio may go on while the page is hidden or the window has lost focus. The spec allows it
   * only to premium members with background play switched on in PWA mode (L-4.2-18..20).
   */
  backgroundPlayAllowed?: boolean;
}

/** Owns the one <audio> element of the app, above the router, so playback persists across pages. */
export function PlayerProvider({ children, onPlayCounted, onRateChosen, decideRate, backgroundPlayAllowed = false }: PlayerProviderProps) {
  const [engine] = useState(() => new AudioEngine());
  const audioRef = useRef<HTMLAudioElement>(null);

  useEffect(() => {
    engine.setHooks({ onPlayCounted, onRateChosen, decideRate });
  }, [engine, onPlayCounted, onRateChosen, decideRate]);

  useEffect(() => {
    if (!audioRef.current) return;
    return engine.attach(audioRef.current);
  }, [engine]);

  useEffect(() => {
    if (backgroundPlayAllowed) return;
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') engine.pause();
    };
    const onBlur = () => engine.pause();
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('blur', onBlur);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('blur', onBlur);
    };
  }, [engine, backgroundPlayAllowed]);

  return (
    <PlayerContext value={engine}>
      {children}
      {/* biome-ignore lint/a11y/useMediaCaption: spoken talk tracks; a transcript is a later feature */}
      <audio ref={audioRef} preload="auto" data-testid="player-audio" hidden />
    </PlayerContext>
  );
}
