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
