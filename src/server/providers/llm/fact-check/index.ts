/** The fact check's claims, pinned to script lines (issue 25.2, decision 0028): offline detector, provider mappings. */
export { type ClaimKind, claimKindOf, detectClaims, parseJapaneseNumber, scriptSentences } from './claims';
export { groundClaims, groundedClaims, groundingSources, searchEntryPointOf } from './gemini';
export { claimLines, offlineFactCheck } from './offline';
export { ModelClaims, modelFactCheck, settleClaims, sourceOf } from './settle';
