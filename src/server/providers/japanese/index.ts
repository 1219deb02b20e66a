/**
 * Mugen's one Japanese text-analysis module (ARCHITECTURE.md, issue 25.3 and 25.4), over kuromoji:
 * the tokenizer; the kana the offline voice reads, with the operator's reading dictionary applied
 * first; the dictionary as the other voices take it; base forms and a small synonym table for the
 * support chat's search. Search by reading (features/search/readings.ts) uses the same tokenizer.
 * Loaded in the processes that need it (the dictionary is about 280 MB once built), not in every one.
 */
export { type ReadingEntry, type ReadingPart, splitByReadings, substituteReadings } from './dictionary';
export { contentWords, contentWordsWith } from './forms';
export { tidy, toKana, tokensToKana } from './kana';
export { canonical, SYNONYM_GROUPS } from './synonyms';
export { type Kuromoji, loadTokenizer, normalize, type Token, toHiragana, toKatakana } from './tokenizer';
