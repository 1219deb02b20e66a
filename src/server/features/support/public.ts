/**
 * The support feature's public face: the only module another feature may import from it
 * (docs/architecture.md; src/server/test/layers.test.ts enforces it).
 */
export type { SupportPassage } from './knowledge';
export { questionWords, rankPassages } from './retrieval';
