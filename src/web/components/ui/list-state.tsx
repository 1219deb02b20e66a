import { COMMON_MESSAGES, loadFailedTitle } from '@shared/messages/common';
import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './button';
import { EmptyState } from './empty-state';
import { Skeleton } from './skeleton';

/** What a list needs of its query (a TanStack Query result fits). */
export interface ListQuery<T> {
  isPending: boolean;
  isError: boolean;
  data: T[] | undefined;
  refetch: () => unknown;
}

interface ListStateProps<T> {
  query: ListQuery<T>;
  /** The list's name in the failure's title: 「{what}を読み込めませんでした」. */
  what: string;
  /** The failure's title where the spec words it otherwise (the console's データの読み込みに失敗しました). */
  errorTitle?: string;
  /** Shown while loading; rows of grey bars by default. */
  skeleton?: ReactNode;
  /** Shown when the list came back empty (the spec's message for it). */
  empty: ReactNode;
  errorTestId?: string;
  /** In a small panel: the failure as one line of text with its retry. */
  compact?: boolean;
  /** A failure shows the empty state (a visitor's view of someone else's lists: nothing to retry). */
  errorAsEmpty?: boolean;
  children: (items: T[]) => ReactNode;
}

/**
 * The loading, error and empty states of every list, so that each is designed once
 * (docs/conventions-web.md, "A list page"): a skeleton, the failure with a retry button, the list's own
 * empty message, or the list itself.
 */
export function ListState<T>({
  query,
  what,
  errorTitle,
  skeleton,
  empty,
  errorTestId,
  compact,
  errorAsEmpty,
  children,
}: ListStateProps<T>) {
  if (query.isPending) return <>{skeleton ?? <ListSkeleton />}</>;
  if (errorAsEmpty && query.isError) return <>{empty}</>;
  if (query.isError || !query.data)
    return <ListError what={what} title={errorTitle} onRetry={() => void query.refetch()} testId={errorTestId} compact={compact} />;
  if (query.data.length === 0) return <>{empty}</>;
  return <>{children(query.data)}</>;
}

interface ListErrorProps {
  what: string;
  /** The title where the spec words it otherwise than 「{what}を読み込めませんでした」. */
  title?: string;
  onRetry: () => void;
  testId?: string;
  /** One line of text with its retry, in a small panel. */
  compact?: boolean;
  /** The whole page failed with it (home's catalogue). */
  page?: boolean;
}

/** A failed load: what failed, the sentence about the connection, and a retry. */
export function ListError({ what, title, onRetry, testId, compact, page }: ListErrorProps) {
  const heading = title ?? loadFailedTitle(what);
  if (compact) {
    return (
      <p className="px-2 py-4 text-center text-muted text-sm" data-testid={testId}>
        {heading}
        <button type="button" onClick={onRetry} className="ml-2 min-h-11 text-accent underline-offset-2 hover:underline">
          {COMMON_MESSAGES.reload}
        </button>
      </p>
    );
  }
  return (
    <EmptyState icon={CircleAlert} title={heading} body={COMMON_MESSAGES.loadFailedBody} look={page ? 'page' : 'plain'} testId={testId}>
      <Button className="mt-6" onClick={onRetry}>
        {COMMON_MESSAGES.reload}
      </Button>
    </EmptyState>
  );
}

/**
 * A query whose data holds the list with more (a page and its counts): the list, a skeleton only while
 * nothing came yet, and a failure only while nothing is shown (a failed refetch keeps the rows).
 */
export function listOf<D, T>(
  query: { isError: boolean; data: D | undefined; refetch: () => unknown },
  pick: (data: D) => T[],
): ListQuery<T> {
  const { data, isError, refetch } = query;
  return { isPending: !data && !isError, isError: isError && !data, data: data ? pick(data) : undefined, refetch };
}

/** Grey rows in the shape of a list. */
export function ListSkeleton({ rows = 3, rowClassName = 'h-[4.5rem]' }: { rows?: number; rowClassName?: string }) {
  return (
    <div className="space-y-2" aria-hidden="true">
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={i} className={rowClassName} />
      ))}
    </div>
  );
}
