/**
 * Storage keys are relative paths of plain segments (`audio/demo-01.mp3`). Every key built from input
 * goes through keyIn(), and every storage provider checks every key with assertSafeKey(), so no key
 * can leave its folder on local disk or in a bucket: no `..` or `.` segment, no empty segment, no
 * absolute path, no backslash, no control or percent-encoded character.
 */
const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,199}$/;

export class UnsafeKeyError extends Error {
  constructor(key: string) {
    super(`unsafe storage key: ${JSON.stringify(key.slice(0, 200))}`);
  }
}

export function isSafeKey(key: string): boolean {
  if (key.length === 0 || key.length > 1000) return false;
  return key.split('/').every((s) => SEGMENT.test(s) && s !== '.' && s !== '..' && !s.includes('..'));
}

export function assertSafeKey(key: string): string {
  if (!isSafeKey(key)) throw new UnsafeKeyError(key);
  return key;
}

/** `folder/name` where `name` is one plain segment (a file name from input); throws otherwise. */
export function keyIn(folder: string, name: string): string {
  if (name.includes('/') || !SEGMENT.test(name) || name.includes('..')) throw new UnsafeKeyError(`${folder}/${name}`);
  return assertSafeKey(`${folder}/${name}`);
}
