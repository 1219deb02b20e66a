import { type ReactNode, useEffect, useRef, useState } from 'react';
import { AudioEngine, type EngineHooks } from './engine';
import { PlayerContext } from './player-context';

interface PlayerProviderProps extends EngineHooks {
  children: ReactNode;
  /**
   * Whether audio may go on while the page is hidden or the window has lost focus. The spec allows it
   * only to premium members with background play switched on in PWA mode (L-4.2-18..20). A function is
   * asked at the moment the page hides, so a switch changed a second ago counts.
   */
  backgroundPlayAllowed?: boolean | (() => boolean);
}

/**
 * Owns the audio elements of the app, above the router, so playback persists across pages: the one
 * that speaks and the one that prepares the next track (docs/decisions/0007-player-engine.md).
 */
export function PlayerProvider({
  children,
  onPlayCounted,
  onRateChosen,
  decideRate,
  onListened,
  resumePosition,
  highQuality,
  premiumRequired,
  backgroundPlayAllowed = false,
}: PlayerProviderProps) {
  const [engine] = useState(() => new AudioEngine());
  const audioRef = useRef<HTMLAudioElement>(null);
  const nextRef = useRef<HTMLAudioElement>(null);
  const allowed = useRef(backgroundPlayAllowed);

  useEffect(() => {
    allowed.current = backgroundPlayAllowed;
  }, [backgroundPlayAllowed]);

  useEffect(() => {
    engine.setHooks({ onPlayCounted, onRateChosen, decideRate, onListened, resumePosition, highQuality, premiumRequired });
  }, [engine, onPlayCounted, onRateChosen, decideRate, onListened, resumePosition, highQuality, premiumRequired]);

  useEffect(() => {
    if (!audioRef.current) return;
    return engine.attach(audioRef.current, nextRef.current ?? undefined);
  }, [engine]);

  useEffect(() => {
    const mayPlayOn = () => {
      const v = allowed.current;
      return typeof v === 'function' ? v() : v;
    };
    const onVisibility = () => {
      if (document.visibilityState !== 'hidden') return;
      if (!mayPlayOn()) engine.pause();
      // Hidden may be the last moment a mobile browser gives the page: record what was heard.
      engine.flushListening(true);
    };
    const onBlur = () => {
      if (!mayPlayOn()) engine.pause();
    };
    const onPageHide = () => engine.flushListening(true);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('blur', onBlur);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('blur', onBlur);
      window.removeEventListener('pagehide', onPageHide);
    };
  }, [engine]);

  return (
    <PlayerContext value={engine}>
      {children}
      {/* biome-ignore lint/a11y/useMediaCaption: spoken talk tracks; a transcript is a later feature */}
      <audio ref={audioRef} preload="auto" data-testid="player-audio" hidden />
      {/* biome-ignore lint/a11y/useMediaCaption: the next track, loading ahead; it never plays while prepared */}
      <audio ref={nextRef} preload="auto" data-testid="player-audio-next" hidden />
    </PlayerContext>
  );
}
