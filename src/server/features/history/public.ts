/**
 * The history feature's public face: the only module another feature may import from it
 * (docs/architecture.md; src/server/test/layers.test.ts enforces it).
 */
export { type ListenGroup, listenGroupsOf } from './stats';
