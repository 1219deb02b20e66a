import { clip } from '../../../../shared/rules/text';
import type { Claim, FactCheck } from '../../../../shared/schemas/creation';
import type { JapaneseEngine } from '../../../providers/japanese/types';
import { detectClaims } from './claims';
import { detectedClaims } from './model';

/**
 * The offline fact check: it cannot look anything up, so it names the claims a listener would want
 * checked (claims.ts), each pinned to its line as `needs_source`, instead of pretending to have verified them.
 */
export async function offlineFactCheck(japanese: JapaneseEngine, script: string): Promise<FactCheck> {
  const claims: Claim[] = await detectedClaims(japanese, script);
  if (claims.length === 0) {
    return {
      status: 'verified',
      confidence: 70,
      summary:
        '数値・日付・出典の引用・最上級など、事実として確認が必要な記述は見つかりませんでした。オフラインの確認のため、外部の情報源とは照合していません。',
      issues: [],
      claims: [],
    };
  }
  return {
    status: 'issues_found',
    confidence: Math.max(20, 55 - claims.length * 5),
    summary: `事実として確認が必要な記述が${claims.length}件あります。オフラインでは外部の情報源と照合できないため、出典を確かめるか、表現を和らげてください。`,
    issues: claims.slice(0, 10).map((c) => `「${clip(c.text, 60 + 1)}」は外部の情報源で確認できていません`),
    claims: claims.slice(0, 100),
  };
}

/** The 0-based script lines that hold a claim (the offline rewrite softens these). */
export async function claimLines(japanese: JapaneseEngine, script: string): Promise<Set<number>> {
  return new Set((await detectClaims(japanese, script)).map((c) => c.line));
}
