import { createJapaneseEngine } from '../providers/japanese/helper';
import type { JapaneseEngine } from '../providers/japanese/types';

let shared: JapaneseEngine | undefined;

/**
 * The Japanese engine a test worker's files share (the server's tests run with `isolate: false`): one
 * dictionary helper for every test app and every direct call, as main.ts shares one between the app and
 * its task workers. It ends when idle, like the app's.
 */
export function testJapanese(): JapaneseEngine {
  shared ??= createJapaneseEngine();
  return shared;
}
