/**
 * The creation feature's public face: the only module another feature may import from it
 * (docs/architecture.md; src/server/test/layers.test.ts enforces it).
 */
export { detectClaims } from './fact-check/claims';
export { announceTrack, insertTrackOnce } from './publish';
export { SCRIPT_WRITER, ScriptText } from './script-prompt';
export { rewriteScript, writeScript } from './script-writer';
export { writeDialogue } from './writer';
