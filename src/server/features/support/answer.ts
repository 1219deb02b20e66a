import { SUPPORT_API_MESSAGES } from '../../../shared/messages/support';
import type { JapaneseEngine } from '../../providers/japanese/types';
import type { SupportPassage } from './knowledge';
import { plainText, rankPassages } from './retrieval';

/**
 * The support chat's offline answer (no network; issue 19, 25.4): a greeting or thanks gets its reply;
 * any other question gets the passage of the FAQ or the legal pages that matches it best (retrieval.ts),
 * with its title in bold and, for a legal article, the page it is on. A second passage nearly as good is
 * named after it. Nothing matching enough: the no-match reply, which points to the contact form.
 */

const GREETING = /^(こんにちは|こんにちわ|こんばんは|こんばんわ|おはよう(ございます)?|はじめまして|もしもし|やあ|どうも|hello|hi|hey)$/;
const THANKS =
  /^(ありがとう(ございます|ございました)?|どうもありがとう(ございます|ございました)?|助かりました|わかりました|了解(です|しました)?|thanks?( you)?)$/;

/** The least share of the question's weight a passage must hold to be the answer. */
const MIN_COVERAGE = 0.34;

export async function offlineSupportAnswer(
  japanese: JapaneseEngine,
  question: string,
  passages: readonly SupportPassage[],
): Promise<string> {
  const plain = plainText(question).replace(/[^\p{L}\p{N}ー]+/gu, '');
  if (GREETING.test(plain)) return SUPPORT_API_MESSAGES.greetingReply;
  if (THANKS.test(plain)) return SUPPORT_API_MESSAGES.thanksReply;
  const ranked = (await rankPassages(japanese, question, passages)).filter((r) => r.coverage >= MIN_COVERAGE);
  const [best, next] = ranked;
  if (!best) return SUPPORT_API_MESSAGES.noMatch;
  const lines = [`**${best.passage.title}**`, best.passage.text];
  if (best.passage.source.kind === 'legal') lines.push(SUPPORT_API_MESSAGES.seeAlso(best.passage.source.title, best.passage.source.path));
  if (next && next.score >= best.score * 0.85) lines.push('', SUPPORT_API_MESSAGES.related(next.passage.title));
  return lines.join('\n');
}
