import type { Claim } from '../../../../shared/schemas/creation';
import type { JapaneseEngine } from '../../../providers/japanese/types';
import { type ModelClaim, settleClaims } from '../../../providers/llm/fact-check';
import { detectClaims } from './claims';

/** The offline detector's claims of a script (claims.ts), without their kind: what a check keeps on lines a model left unmarked. */
export async function detectedClaims(japanese: JapaneseEngine, script: string): Promise<Claim[]> {
  return (await detectClaims(japanese, script)).map(({ kind: _kind, ...claim }) => claim);
}

/**
 * An ungrounded model's fact check (OpenAI-compatible endpoints): the spec's fields as it answered them,
 * its claims placed on the script's lines with no sources (it searched nothing, so nothing it says is
 * verified), and the detector's claims on lines it left unmarked.
 */
export async function modelFactCheck<T extends { claims: ModelClaim[] }>(
  japanese: JapaneseEngine,
  script: string,
  check: T,
): Promise<Omit<T, 'claims'> & { claims: Claim[] }> {
  const claims = settleClaims(
    script,
    check.claims.map(({ text, line, status }) => ({ text, line, status })),
    await detectedClaims(japanese, script),
  );
  return { ...check, claims };
}
