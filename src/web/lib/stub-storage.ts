import { vi } from 'vitest';

/**
 * For tests of what the browser keeps (the player's rate, the creation draft): a window whose localStorage
 * is a plain object the test can read and fill.
 */
export function stubStorage(): Record<string, string> {
  const stored: Record<string, string> = {};
  vi.stubGlobal('window', {
    localStorage: {
      getItem: (k: string) => stored[k] ?? null,
      setItem: (k: string, v: string) => {
        stored[k] = v;
      },
      removeItem: (k: string) => {
        delete stored[k];
      },
    },
  });
  return stored;
}
