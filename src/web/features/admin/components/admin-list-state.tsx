import { ADMIN_TEXT } from '@shared/messages/admin';
import { type ListQuery, ListState } from '@web/components/ui/list-state';
import { LoadingStatus, Skeletons } from '@web/components/ui/skeleton';
import type { ReactNode } from 'react';

interface AdminListStateProps<T> {
  query: ListQuery<T>;
  /** The list's name: the skeleton's label for a screen reader. */
  label: string;
  /** The skeleton's bars (their heights). */
  bars: string[];
  errorTestId: string;
  empty: ReactNode;
  children: (items: T[]) => ReactNode;
}

/** A console list's states: ListState with the console's failure title (spec §8, データの読み込みに失敗しました). */
export function AdminListState<T>({ query, label, bars, errorTestId, empty, children }: AdminListStateProps<T>) {
  return (
    <ListState
      query={query}
      what={label}
      errorTitle={ADMIN_TEXT.common.loadFailed}
      errorTestId={errorTestId}
      skeleton={
        <LoadingStatus label={label} className="space-y-2">
          <Skeletons bars={bars} />
        </LoadingStatus>
      }
      empty={empty}
    >
      {children}
    </ListState>
  );
}

/** A console list of cards, one under the other, with its states (the theme library, the task queue). */
export function AdminCardList<T extends { id: number }>({
  testId,
  children,
  ...states
}: Omit<AdminListStateProps<T>, 'children'> & { testId: string; children: (item: T) => ReactNode }) {
  return (
    <AdminListState {...states}>
      {(items) => (
        <ul className="space-y-3" data-testid={testId}>
          {items.map((item) => (
            <li key={item.id}>{children(item)}</li>
          ))}
        </ul>
      )}
    </AdminListState>
  );
}

/** How many a console list holds, beside its heading; nothing while it is loading or empty. */
export function HeadingCount({ count }: { count: number | undefined }) {
  return count ? <span className="font-normal text-muted text-sm tabular-nums">{count}</span> : null;
}
