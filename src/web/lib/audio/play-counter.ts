import { gateCheck, gatePlaying, gateStopped, msUntilDue, newPlayCountGate, type PlayCountGate } from '@shared/rules/play-count';
import type { EngineCore } from './player-state';

/** The play count: once per load, after 3 s of continuous playing (hooks.onPlayCounted). */
export class PlayCounter {
  private gate: PlayCountGate = newPlayCountGate();
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly core: EngineCore) {}

  /** A new load: a new play to count. */
  reset() {
    clearTimeout(this.timer);
    this.gate = newPlayCountGate();
  }

  /** The engine lets go of its elements: no count fires later. */
  cancel() {
    clearTimeout(this.timer);
  }

  /** Sound started (again): the clock runs. */
  playing() {
    this.gate = gatePlaying(this.gate, Date.now());
    this.schedule();
  }

  /** Paused, waiting for data or failed: the clock stops. */
  stop() {
    clearTimeout(this.timer);
    this.gate = gateStopped(this.gate);
  }

  private schedule() {
    clearTimeout(this.timer);
    const wait = msUntilDue(this.gate, Date.now());
    if (wait === null) return;
    const loadId = this.core.state.loadId;
    this.timer = setTimeout(() => {
      if (this.core.state.loadId !== loadId) return;
      const { gate, count } = gateCheck(this.gate, Date.now());
      this.gate = gate;
      if (count && this.core.state.track && !this.core.state.track.interlude) this.core.hooks.onPlayCounted?.(this.core.state.track.id);
      else this.schedule();
    }, wait);
  }
}
