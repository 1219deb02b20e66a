/**
 * The premium feature's public face: the only module another feature may import from it
 * (docs/architecture.md; src/server/test/layers.test.ts enforces it).
 */

export type { OperatorChange } from './operator';
export { applyOperatorPremium, subscriptionStateOf } from './operator';
export type { SubscriptionRow } from './queries';
export { visibleStatus } from './queries';
export type { PremiumFacts } from './rule';
export { isPremiumAt, premiumStatusAt } from './rule';
