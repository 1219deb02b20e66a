import { describe, expect, it, vi } from 'vitest';
import { buildVersion, reloadOnControllerChange } from './service-worker';

describe('service worker version (listener spec §7)', () => {
  it("is the hashed entry chunk's name in a build, 'dev' otherwise", () => {
    expect(buildVersion('https://mugen.example/assets/index-B3xk_9aQ.js')).toBe('index-B3xk_9aQ');
    expect(buildVersion('http://localhost:5173/lib/service-worker.ts')).toBe('dev');
  });
});

class FakeContainer {
  controller: unknown;
  private listeners: Array<() => void> = [];
  constructor(controller: unknown) {
    this.controller = controller;
  }
  addEventListener(_type: 'controllerchange', listener: () => void) {
    this.listeners.push(listener);
  }
  takeControl(worker: unknown) {
    this.controller = worker;
    for (const l of this.listeners) l();
  }
}

describe('reload when the controlling worker changes (L-4.12-02)', () => {
  it('reloads once when a new version takes over a controlled page', () => {
    const container = new FakeContainer({ v: 'old' });
    const reload = vi.fn();
    reloadOnControllerChange(container, reload);
    container.takeControl({ v: 'new' });
    expect(reload).toHaveBeenCalledTimes(1);
    container.takeControl({ v: 'newer' });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload on the very first install, when the page had no controller', () => {
    const container = new FakeContainer(null);
    const reload = vi.fn();
    reloadOnControllerChange(container, reload);
    container.takeControl({ v: 'first' });
    expect(reload).not.toHaveBeenCalled();
    // A later update of the same page does reload it.
    container.takeControl({ v: 'second' });
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
