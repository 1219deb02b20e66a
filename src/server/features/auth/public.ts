/**
 * The auth feature's public face: the only module another feature may import from it
 * (docs/architecture.md; src/server/test/layers.test.ts enforces it).
 */
export { deleteAccount } from './account';
export { SESSION_ENDED_CLOSE, watchSessionSockets } from './live-sessions';
export { createSession } from './session';
export { endSessionByToken } from './store';
export { toUser } from './users';
