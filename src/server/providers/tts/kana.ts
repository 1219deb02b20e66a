// Moved to the Japanese text-analysis module (providers/japanese, issue 25.3); kept so that code still
// importing it from here works. New code imports ../japanese/index.
export { loadTokenizer, normalize, tidy, toKana, tokensToKana } from '../japanese/kana';
