import { blocksText } from '../../../shared/content/blocks';
import { FAQ_ENTRIES } from '../../../shared/content/faq';
import { LEGAL_DOCUMENTS } from '../../../shared/content/legal';
import { APP_TEXT } from '../../../shared/messages/app';

/** A passage of Mugen's own texts (the FAQ and the legal pages) that the support chat answers from. */
export interface SupportPassage {
  id: string;
  /** The FAQ's question, or the legal page's title and article. */
  title: string;
  /** Plain text, links written out with their path (解約ページ（/cancel）), **bold** kept. */
  text: string;
  /** Words people ask with that the text does not use (read by the offline search only). */
  keywords: readonly string[];
  /** The page it is shown on. */
  source: { kind: 'faq' | 'legal'; title: string; path: string };
}

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
