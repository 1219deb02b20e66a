/**
 * The users feature's public face: the only module another feature may import from it
 * (docs/architecture.md; src/server/test/layers.test.ts enforces it).
 */
export { ensureOfficialAccount, OFFICIAL_ACCOUNT } from './official-account';
export type { Onlooker } from './queries';
export { findUserByRef, ownTracksCondition, publicUserColumns, userByRef } from './queries';
