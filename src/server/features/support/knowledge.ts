import { blocksText } from '../../../shared/content/blocks';
import { FAQ_ENTRIES } from '../../../shared/content/faq';
import { LEGAL_DOCUMENTS } from '../../../shared/content/legal';
import { APP_TEXT } from '../../../shared/messages/app';
import type { SupportPassage } from '../../providers/llm/types';

/**
 * What the support chat answers from: every FAQ entry and every article of the legal pages, from the
 * same source the pages draw (src/shared/content), so an answer never says other than the pages.
 */
export const SUPPORT_PASSAGES: readonly SupportPassage[] = [
  ...FAQ_ENTRIES.map(
    (e): SupportPassage => ({
      id: `faq-${e.id}`,
      title: e.question,
      text: blocksText(e.answer),
      keywords: e.keywords,
      source: { kind: 'faq', title: APP_TEXT.routes.faqTitle, path: '/faq' },
    }),
  ),
  ...LEGAL_DOCUMENTS.flatMap((doc) =>
    doc.sections.map(
      (s): SupportPassage => ({
        id: s.id,
        title: `${doc.title} ${s.heading}`,
        text: blocksText(s.body),
        keywords: [],
        source: { kind: 'legal', title: doc.title, path: doc.path },
      }),
    ),
  ),
];
