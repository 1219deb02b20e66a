import type { ClaimStatus } from '../schemas/creation';

/** The fact check's claims where they are shown: the transcript's mark and the creation page's panel (issue 25.2). */
export const CLAIMS_TEXT = {
  mark: {
    /** The mark's accessible name (and tooltip): what tapping it shows. */
    label: (n: number) => (n === 1 ? 'この行の事実確認と出典' : `この行の事実確認と出典（${n}件）`),
    hide: '事実確認を閉じる',
  },
  status: { verified: '出典あり', needs_source: '出典未確認', disputed: '異論あり' } satisfies Record<ClaimStatus, string>,
  /** Shown for a claim without any source. */
  unverified: '出典未確認',
  sourcesLabel: '出典',
  /** The creation page's list of the script's claims. */
  listTitle: '台本の主張',
  searchSuggestions: 'Google 検索の候補',
} as const;
