import { RECOMMENDED_COUNT, SEARCH_DEBOUNCE_MS } from '@shared/constants';
import { SEARCH_TEXT } from '@shared/messages/search';
import { categoryTabs, resultCountLabel, selectedCategoryTab } from '@shared/rules/search';
import type { Track } from '@shared/schemas/track';
import { keepPreviousData } from '@tanstack/react-query';
import { Button } from '@web/components/ui/button';
import type { ListQuery } from '@web/components/ui/list-state';
import { useDebounced } from '@web/lib/use-debounced';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTrackCategories } from '../api/get-track-categories';
import { useSearchTracks } from '../api/search-tracks';
import { CategoryTabs, RECOMMENDED_TAB } from '../components/category-tabs';
import { SearchBox } from '../components/search-box';
import { ResultsEmpty, ResultsError, ResultsLoading, TrackResults } from '../components/search-results';

/**
 * /search (listener spec §2): the box (300 ms debounce), おすすめ and category tabs, results. The
 * address holds `search` and `category` (replaced, not pushed, while typing), so a shared or reloaded
 * link shows the same results; a category chip's /search?category=X opens that category.
 */
export function SearchPage({ recommended }: { recommended: ReactNode }) {
  useDocumentTitle(SEARCH_TEXT.searchPage.documentTitle);
  const [params, setParams] = useSearchParams();
  const search = (params.get('search') ?? '').trim();
  const category = params.get('category') || null;

  const [text, setText] = useState(search);
  // What this page last wrote to the address: anything else came from outside (back, a link) and the
  // box follows it.
  const written = useRef(search);
  useEffect(() => {
    if (search !== written.current) {
      written.current = search;
      setText(search);
    }
  }, [search]);

  const commit = (value: string) => {
    const q = value.trim();
    written.current = q;
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (q) next.set('search', q);
        else next.delete('search');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };
  const settled = useDebounced(text, SEARCH_DEBOUNCE_MS);
  // biome-ignore lint/correctness/useExhaustiveDependencies: commit only writes the address; it follows the settled text
  useEffect(() => {
    if (settled.trim() === written.current) return;
    commit(settled);
  }, [settled]);

  // おすすめ is the recommended list: chosen while keyword results show, it clears the keyword too.
  const selectTab = (value: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value === RECOMMENDED_TAB) {
          // The box follows the address (the effect above empties it).
          next.delete('category');
          next.delete('search');
        } else next.set('category', value);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  // The selected category chosen again while a keyword is set: the results of every category.
  const clearCategory = () =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('category');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  const categories = useTrackCategories();
  // The category tabs come together once their list is known: a selected category's tab shown first
  // meanwhile would then move to its place (issue 20, layout shift).
  const known = categories.data || categories.isError;
  const tabs = known ? categoryTabs(categories.data?.map((c) => c.name) ?? [], category) : [];

  return (
    <div className="mx-auto w-full max-w-2xl px-4 pt-4 pb-8 lg:max-w-5xl lg:px-6 lg:pt-6" data-testid="search-page">
      <h1 className="sr-only">{SEARCH_TEXT.searchPage.documentTitle}</h1>
      <SearchBox value={text} onChange={setText} onSubmit={() => commit(text)} />
      <div className="mt-4">
        <CategoryTabs
          value={selectedCategoryTab(search, category, RECOMMENDED_TAB)}
          categories={tabs}
          onValueChange={selectTab}
          onReselect={search ? clearCategory : undefined}
        >
          {search || category ? <Results q={search} category={category} /> : recommended}
        </CategoryTabs>
      </div>
    </div>
  );
}

function ResultsHeading({ children, count }: { children: string; count?: string }) {
  return (
    <div className="mb-2 flex items-baseline justify-between gap-3 px-2">
      <h2 className="min-w-0 truncate font-bold text-base">{children}</h2>
      {count && (
        <p className="shrink-0 text-muted text-sm tabular-nums" data-testid="search-count" aria-live="polite">
          {count}
        </p>
      )}
    </div>
  );
}

/**
 * おすすめ without a query: the catalogue's top 20 by the recommendation score. The catalogue (GET
 * /api/tracks) belongs to the tracks feature; the app passes its query in (app/routes/search.tsx).
 */
export function RecommendedResults({ catalogue }: { catalogue: ListQuery<Track> }) {
  if (catalogue.isPending) return <ResultsLoading />;
  if (catalogue.isError || !catalogue.data) return <ResultsError onRetry={() => void catalogue.refetch()} />;
  const top = catalogue.data.slice(0, RECOMMENDED_COUNT);
  return (
    <section aria-label={SEARCH_TEXT.recommendedResults.ariaLabel}>
      <ResultsHeading>{SEARCH_TEXT.recommendedResults.ariaLabel}</ResultsHeading>
      {top.length === 0 ? <ResultsEmpty body={SEARCH_TEXT.recommendedResults.body} /> : <TrackResults tracks={top} />}
    </section>
  );
}

/** Matches of the query and/or the category, 20 at a time with もっと見る. */
function Results({ q, category }: { q: string; category: string | null }) {
  const results = useSearchTracks({ q, category }, { placeholderData: keepPreviousData });
  const heading = q ? SEARCH_TEXT.results.queryHeading(q) : SEARCH_TEXT.results.categoryHeading(category);
  if (results.isPending) return <ResultsLoading />;
  if (results.isError && !results.data) return <ResultsError onRetry={() => void results.refetch()} />;
  const pages = results.data.pages;
  const tracks = pages.flatMap((p) => p.tracks);
  const { total, totalCapped } = pages[0];
  if (tracks.length === 0 && !results.isPlaceholderData) {
    return <ResultsEmpty body={q ? SEARCH_TEXT.results.noMatch(q, Boolean(category)) : SEARCH_TEXT.results.emptyCategory} />;
  }
  return (
    <section aria-label={heading}>
      <ResultsHeading count={resultCountLabel(total, totalCapped)}>{heading}</ResultsHeading>
      <TrackResults tracks={tracks} busy={results.isPlaceholderData} />
      {results.isFetchNextPageError && (
        <p role="alert" className="mt-4 text-center text-danger text-sm">
          {SEARCH_TEXT.results.moreFailed}
        </p>
      )}
      {results.hasNextPage && (
        <div className="mt-4 flex justify-center">
          <Button
            variant="secondary"
            onClick={() => void results.fetchNextPage()}
            disabled={results.isFetchingNextPage}
            data-testid="search-more"
          >
            {results.isFetchingNextPage ? SEARCH_TEXT.results.loadingMore : SEARCH_TEXT.results.more}
          </Button>
        </div>
      )}
    </section>
  );
}
