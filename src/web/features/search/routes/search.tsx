import { RECOMMENDED_COUNT, SEARCH_DEBOUNCE_MS } from '@shared/constants';
import { categoryTabs, resultCountLabel } from '@shared/rules/search';
import { keepPreviousData } from '@tanstack/react-query';
import { Button } from '@web/components/ui/button';
import { useTracks } from '@web/features/tracks/api/get-tracks';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { useEffect, useRef, useState } from 'react';
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
export function SearchRoute() {
  useDocumentTitle('検索');
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
  // biome-ignore lint/correctness/useExhaustiveDependencies: commit only writes the address; the timer restarts on every keystroke
  useEffect(() => {
    if (text.trim() === written.current) return;
    const timer = setTimeout(() => commit(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const selectTab = (value: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value === RECOMMENDED_TAB) next.delete('category');
        else next.set('category', value);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  const categories = useTrackCategories();
  const tabs = categoryTabs(categories.data?.map((c) => c.name) ?? [], category);

  return (
    <div className="mx-auto w-full max-w-2xl px-4 pt-4 pb-8" data-testid="search-page">
      <h1 className="sr-only">検索</h1>
      <SearchBox value={text} onChange={setText} onSubmit={() => commit(text)} />
      <div className="mt-4">
        <CategoryTabs value={category ?? RECOMMENDED_TAB} categories={tabs} onValueChange={selectTab}>
          {search || category ? <Results q={search} category={category} /> : <Recommended />}
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

/** おすすめ without a query: the catalogue's top 20 by the recommendation score (GET /api/tracks). */
function Recommended() {
  const catalogue = useTracks();
  if (catalogue.isPending) return <ResultsLoading />;
  if (catalogue.isError) return <ResultsError onRetry={() => void catalogue.refetch()} />;
  const top = catalogue.data.slice(0, RECOMMENDED_COUNT);
  return (
    <section aria-label="おすすめの音声">
      <ResultsHeading>おすすめの音声</ResultsHeading>
      {top.length === 0 ? (
        <ResultsEmpty body="デモ音声を準備しています。しばらくしてからもう一度ご覧ください。" />
      ) : (
        <TrackResults tracks={top} />
      )}
    </section>
  );
}

/** Matches of the query and/or the category, 20 at a time with もっと見る. */
function Results({ q, category }: { q: string; category: string | null }) {
  const results = useSearchTracks({ q, category }, { placeholderData: keepPreviousData });
  const heading = q ? `「${q}」の検索結果` : `${category}の音声`;
  if (results.isPending) return <ResultsLoading />;
  if (results.isError && !results.data) return <ResultsError onRetry={() => void results.refetch()} />;
  const pages = results.data.pages;
  const tracks = pages.flatMap((p) => p.tracks);
  const { total, totalCapped } = pages[0];
  if (tracks.length === 0 && !results.isPlaceholderData) {
    return (
      <ResultsEmpty
        body={
          q
            ? `「${q}」に一致する音声はありません。${category ? 'カテゴリを「おすすめ」に戻すか、' : ''}別のキーワードでお試しください。`
            : 'このカテゴリの音声はまだありません。'
        }
      />
    );
  }
  return (
    <section aria-label={heading}>
      <ResultsHeading count={resultCountLabel(total, totalCapped)}>{heading}</ResultsHeading>
      <TrackResults tracks={tracks} busy={results.isPlaceholderData} />
      {results.isFetchNextPageError && (
        <p role="alert" className="mt-4 text-center text-danger text-sm">
          続きを読み込めませんでした。もう一度お試しください。
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
            {results.isFetchingNextPage ? '読み込み中…' : 'もっと見る'}
          </Button>
        </div>
      )}
    </section>
  );
}
