/**
 * localStorage and sessionStorage that never throw (private mode, quota, disabled storage):
 * a failed read is logged and yields null, a failed write is logged only (listener spec §8).
 */
type Area = 'local' | 'session';

function area(kind: Area): Storage | null {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch (e) {
    console.error(`[storage] ${kind}Storage is not available`, e);
    return null;
  }
}

export function readStored(kind: Area, key: string): string | null {
  try {
    return area(kind)?.getItem(key) ?? null;
  } catch (e) {
    console.error(`[storage] could not read ${key}`, e);
    return null;
  }
}

export function writeStored(kind: Area, key: string, value: string): void {
  try {
    area(kind)?.setItem(key, value);
  } catch (e) {
    console.error(`[storage] could not write ${key}`, e);
  }
}

export function removeStored(kind: Area, key: string): void {
  try {
    area(kind)?.removeItem(key);
  } catch (e) {
    console.error(`[storage] could not remove ${key}`, e);
  }
}
