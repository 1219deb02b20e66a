import { afterEach, describe, expect, it, vi } from 'vitest';
import { importWhenReachable } from './lazy-part';

// A chunk first wanted offline (a toast as the page goes offline, before the service worker kept it) used
// to replace the page with its error (the ask-hosts offline journey): the import now waits for the network.
const failing = (times: number, value = 'chunk') => {
  let calls = 0;
  const load = vi.fn(async () => {
    calls++;
    if (calls <= times) throw new TypeError('Failed to fetch dynamically imported module');
    return value;
  });
  return load;
};

afterEach(() => vi.unstubAllGlobals());

describe('importWhenReachable', () => {
  it('offline, waits for the browser to be online and asks again', async () => {
    const win = new EventTarget();
    const nav = { onLine: false };
    vi.stubGlobal('window', win);
    vi.stubGlobal('navigator', nav);
    const load = failing(1);
    let settled = false;
    const chunk = importWhenReachable(load, []).finally(() => {
      settled = true;
    });
    const listening = vi.spyOn(win, 'addEventListener');
    // It failed, and now listens for the network rather than settling.
    await vi.waitFor(() => expect(listening).toHaveBeenCalledWith('online', expect.any(Function), { once: true }));
    expect(load).toHaveBeenCalledTimes(1);
    expect(settled).toBe(false);
    nav.onLine = true;
    win.dispatchEvent(new Event('online'));
    await expect(chunk).resolves.toBe('chunk');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('online, asks again as many times as it is given, then fails as the import did', async () => {
    vi.stubGlobal('navigator', { onLine: true });
    await expect(importWhenReachable(failing(2), [0, 0])).resolves.toBe('chunk');
    const broken = failing(5);
    await expect(importWhenReachable(broken, [0, 0])).rejects.toThrow('Failed to fetch dynamically imported module');
    expect(broken).toHaveBeenCalledTimes(3);
  });
});
