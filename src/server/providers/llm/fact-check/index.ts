/**
 * A model's claims placed on the script's lines (issue 25.2, decision 0028) and Gemini's grounding read
 * into them. The offline detector that finds claims is the creation feature's (features/creation/fact-check).
 */
export { groundClaims, groundedClaims, groundingSources, searchEntryPointOf } from './gemini';
export { type ModelClaim, ModelClaims, settleClaims, sourceOf } from './settle';
