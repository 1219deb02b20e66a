import { ADMIN_AUDIO_TEXT } from '@shared/messages/admin-audio';
import { formatClockJa } from '@shared/rules/admin-audio';
import { EmptyState } from '@web/components/ui/empty-state';
import { ListError, ListSkeleton } from '@web/components/ui/list-state';
import { LoadingStatus } from '@web/components/ui/skeleton';
import { cn } from '@web/lib/cn';
import { toast } from '@web/lib/toast';
import { FileAudio, Search, SearchX, X } from 'lucide-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { AdminPagination } from '../../components/pagination';
import { useListParams } from '../../hooks/use-list-params';
import { useAdminFiles, useFileLocations } from '../api/files';
import { type Pending, PendingDialogs, SyncAllButton } from './audio-file-dialogs';
import { COLUMNS, FileRow, pickLocation } from './audio-file-row';

const TEXT = ADMIN_AUDIO_TEXT.list;
const TOAST = ADMIN_AUDIO_TEXT.toast;

/**
 * 音声管理 › ファイル一覧 (spec §2.4, C-2.4-05…14): every track with its visibility, where its file is,
 * size and counts, poster and upload time; search by title or poster with its two empty states and a
 * clear link; 10 a page; 公開/非公開 and delete after a confirmation; the locations asked again every
 * 30 s. Cards on a phone, one grid row a file from 1024 px.
 */
export function AudioFileList() {
  const { page, search, typed, setTyped, setPage, submit, clear } = useListParams();
  const [pending, setPending] = useState<Pending>(null);
  const searchId = useId();

  const files = useAdminFiles(page, search);
  const answer = files.data;
  const ids = answer?.files.map((f) => f.id) ?? [];
  const locations = useFileLocations(ids, answer && !files.isPlaceholderData ? { answer, at: files.dataUpdatedAt } : undefined);
  const located = new Map((locations.data?.files ?? []).map((f) => [f.id, f]));

  // A poll that fails is said once, not every 30 s.
  const locationFailed = locations.isError;
  useEffect(() => {
    if (locationFailed) toast({ title: TOAST.locationFailed, variant: 'destructive' });
  }, [locationFailed]);

  // The last row of the last page deleted: the page before.
  const pages = answer ? Math.max(1, Math.ceil(answer.total / answer.pageSize)) : 1;
  useEffect(() => {
    if (answer && !files.isPlaceholderData && answer.total > 0 && page > pages) setPage(pages);
  }, [answer, files.isPlaceholderData, page, pages, setPage]);

  let body: ReactNode;
  if (files.isPending) {
    body = (
      <LoadingStatus label={TEXT.what}>
        <ListSkeleton rows={5} rowClassName="h-28 lg:h-14" />
      </LoadingStatus>
    );
  } else if (files.isError || !answer) {
    body = <ListError what={TEXT.what} onRetry={() => void files.refetch()} testId="admin-files-error" />;
  } else if (answer.total === 0 && search) {
    body = (
      <EmptyState icon={SearchX} title={TEXT.noMatchTitle(search)} body={TEXT.noMatchBody} testId="admin-files-no-match">
        <button type="button" onClick={clear} className="mt-4 min-h-11 text-accent text-sm underline-offset-2 hover:underline">
          {TEXT.clearSearch}
        </button>
      </EmptyState>
    );
  } else if (answer.total === 0) {
    body = <EmptyState icon={FileAudio} title={TEXT.emptyTitle} body={TEXT.emptyBody} testId="admin-files-empty" />;
  } else {
    body = (
      <>
        <div
          aria-hidden="true"
          className={cn('hidden gap-3 border-border border-b px-3 pb-2 font-medium text-muted text-xs lg:grid', COLUMNS)}
        >
          <span>{TEXT.columns.title}</span>
          <span>{TEXT.columns.visibility}</span>
          <span>{TEXT.columns.location}</span>
          <span className="text-right">{TEXT.columns.size}</span>
          <span className="text-right">{TEXT.columns.plays}</span>
          <span className="text-right">{TEXT.columns.impressions}</span>
          <span className="text-right">{TEXT.columns.likes}</span>
          <span className="text-right">{TEXT.columns.bookmarks}</span>
          <span>{TEXT.columns.poster}</span>
          <span>{TEXT.columns.uploadedAt}</span>
          <span className="text-right">{TEXT.columns.actions}</span>
        </div>
        <ul className={cn('space-y-2 lg:space-y-0', files.isPlaceholderData && 'opacity-60')} data-testid="admin-files">
          {answer.files.map((f) => (
            <FileRow
              key={f.id}
              file={{ ...f, ...pickLocation(located.get(f.id)) }}
              bucket={answer.bucket}
              onToggle={() => setPending({ kind: 'visibility', file: f })}
              onDelete={() => setPending({ kind: 'delete', file: f })}
            />
          ))}
        </ul>
        <AdminPagination page={page} pageSize={answer.pageSize} total={answer.total} onPage={setPage} />
        {locations.data && (
          <p className="mt-3 text-muted text-xs" data-testid="admin-files-checked">
            {TEXT.locationChecked(formatClockJa(locations.data.checkedAt))}
          </p>
        )}
      </>
    );
  }

  return (
    <section aria-label={ADMIN_AUDIO_TEXT.subTabs.list}>
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <form
          className="relative min-w-0 flex-1 basis-64"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <label htmlFor={searchId} className="sr-only">
            {TEXT.searchLabel}
          </label>
          <Search aria-hidden="true" className="-translate-y-1/2 pointer-events-none absolute top-1/2 left-3 size-4 text-muted" />
          <input
            id={searchId}
            type="search"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            placeholder={TEXT.searchPlaceholder}
            enterKeyHint="search"
            className="min-h-11 w-full rounded-full border border-border bg-bg py-2 pr-3 pl-9 text-base outline-none focus-visible:ring-2 focus-visible:ring-accent sm:text-sm"
          />
        </form>
        {search && (
          <button
            type="button"
            onClick={clear}
            className="inline-flex min-h-11 items-center gap-1 text-accent text-sm underline-offset-2 hover:underline"
            data-testid="admin-files-clear"
          >
            <X aria-hidden="true" className="size-4" />
            {TEXT.clearSearch}
          </button>
        )}
        {answer && (
          <p className="text-muted text-sm tabular-nums" data-testid="admin-files-total">
            {TEXT.total(answer.total)}
          </p>
        )}
        {answer?.bucket && <SyncAllButton onClick={() => setPending({ kind: 'sync-all' })} />}
      </div>
      {answer && !answer.bucket && <p className="mb-3 text-muted text-xs">{TEXT.noBucketNote}</p>}
      {body}
      <PendingDialogs pending={pending} onClose={() => setPending(null)} />
    </section>
  );
}
