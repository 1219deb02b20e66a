import { japaneseDate, type LegalDocument } from '@shared/content/legal';
import { SUPPORT_TEXT } from '@shared/messages/support';
import { SiteFooter } from '@web/components/layout/site-footer';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { ContentBlocks } from './content-blocks';

const T = SUPPORT_TEXT.legalPage;

/**
 * A legal page from the shared text (src/shared/content/legal.ts): its title, the date it is in force
 * from, a table of contents, and its articles; `table` draws the articles as the rows of a disclosure
 * (the commercial-law page).
 */
export function LegalDocumentView({ doc, table }: { doc: LegalDocument; table?: boolean }) {
  useDocumentTitle(doc.title);
  return (
    <article className="mx-auto w-full max-w-3xl px-4 pt-6 pb-8 leading-[1.8] lg:px-8" data-testid="legal-page">
      <h1 className="font-bold text-2xl leading-snug">{doc.title}</h1>
      <p className="mt-2 text-muted text-sm" data-testid="legal-effective">
        <time dateTime={doc.effectiveDate}>{T.effective(japaneseDate(doc.effectiveDate))}</time>
      </p>
      <ContentBlocks blocks={doc.intro} className="mt-5" />

      {table ? (
        <dl className="mt-6 overflow-hidden rounded-3xl border border-border" data-testid="legal-table">
          {doc.sections.map((s) => (
            <div
              key={s.id}
              id={s.id}
              className="grid scroll-mt-20 border-border border-b last:border-b-0 sm:grid-cols-[13rem_minmax(0,1fr)]"
            >
              <dt className="bg-surface px-4 pt-3 pb-1 font-bold text-sm sm:py-4">{s.heading}</dt>
              <dd className="px-4 pt-1 pb-3 text-[15px] sm:py-4">
                <ContentBlocks blocks={s.body} />
              </dd>
            </div>
          ))}
        </dl>
      ) : (
        <>
          <nav aria-label={T.tocLabel} className="mt-6 rounded-3xl bg-surface p-5">
            <h2 className="font-bold text-sm">{T.tocLabel}</h2>
            <ol className="mt-2 grid gap-x-6 gap-y-0.5 text-sm sm:grid-cols-2">
              {doc.sections.map((s) => (
                <li key={s.id}>
                  <a href={`#${s.id}`} className="inline-flex min-h-9 items-center text-accent underline-offset-2 hover:underline">
                    {s.heading}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
          {doc.sections.map((s) => (
            <section key={s.id} id={s.id} aria-labelledby={`${s.id}-h`} className="mt-8 scroll-mt-20">
              <h2 id={`${s.id}-h`} className="font-bold text-lg leading-snug">
                {s.heading}
              </h2>
              <ContentBlocks blocks={s.body} className="mt-3 text-[15px]" />
            </section>
          ))}
        </>
      )}
      <SiteFooter current={doc.path} />
    </article>
  );
}
