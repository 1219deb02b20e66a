/**
 * The creation feature's public face: the only module another feature may import from it
 * (docs/architecture.md; src/server/test/layers.test.ts enforces it).
 */
export { detectClaims } from './fact-check/claims';
export { detectedClaims } from './fact-check/model';
export { announceTrack, insertTrackOnce } from './publish';
export { SCRIPT_WRITER, ScriptText } from './script-prompt';
export { rewriteScript, writeScript } from './script-writer';
export { type CreationVoice, voiceFor } from './voice';
export { writeDialogue } from './writer';
export { withoutLeadingWord } from './writer/analyse';
export { paragraphsOf } from './writer/sentences';
export { speechSeconds } from './writer/speech-length';
