import { ADMIN_TEXT } from '@shared/messages/admin';
import { pageButtons } from '@shared/rules/admin';
import { cn } from '@web/lib/cn';
import { ChevronLeft, ChevronRight } from 'lucide-react';

const T = ADMIN_TEXT.common;

/**
 * The console's paging (spec §2.4, §9): the range text, previous and next, and at most 5 page
 * buttons around the current page. Nothing shows for an empty list.
 */
export function AdminPagination({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  if (total === 0) return null;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  const btn = 'inline-flex min-h-10 min-w-10 items-center justify-center rounded-full px-3 text-sm tabular-nums';
  return (
    <nav aria-label={T.pagination} className="mt-4 flex flex-wrap items-center justify-between gap-3" data-testid="admin-pagination">
      <p className="text-muted text-sm" data-testid="admin-range">
        {T.range(from, to, total)}
      </p>
      <div className="flex items-center gap-1">
        <button
          type="button"
          className={cn(btn, 'hover:bg-surface disabled:opacity-40')}
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
          aria-label={T.previous}
        >
          <ChevronLeft aria-hidden="true" className="size-4" />
        </button>
        {pageButtons(page, pages).map((p) => (
          <button
            key={p}
            type="button"
            onClick={() => onPage(p)}
            aria-current={p === page ? 'page' : undefined}
            aria-label={T.pageLabel(p)}
            className={cn(btn, p === page ? 'bg-accent text-accent-fg' : 'hover:bg-surface')}
          >
            {p}
          </button>
        ))}
        <button
          type="button"
          className={cn(btn, 'hover:bg-surface disabled:opacity-40')}
          disabled={page >= pages}
          onClick={() => onPage(page + 1)}
          aria-label={T.next}
        >
          <ChevronRight aria-hidden="true" className="size-4" />
        </button>
      </div>
    </nav>
  );
}
