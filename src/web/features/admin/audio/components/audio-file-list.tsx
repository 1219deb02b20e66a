import { ADMIN_AUDIO_TEXT } from '@shared/messages/admin-audio';
import { megabytes } from '@shared/rules/admin';
import { formatClockJa, formatDateTimeJa, posterLabel } from '@shared/rules/admin-audio';
import { formatCountAdmin } from '@shared/rules/format';
import type { AudioFileRow } from '@shared/schemas/admin-audio';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/dialog';
import { EmptyState } from '@web/components/ui/empty-state';
import { ListError, ListSkeleton } from '@web/components/ui/list-state';
import { LoadingStatus } from '@web/components/ui/skeleton';
import { cn } from '@web/lib/cn';
import { serverMessage } from '@web/lib/server-message';
import { toast } from '@web/lib/toast';
import { CloudUpload, FileAudio, FileCheck, FileX, Image as ImageIcon, ImageOff, Search, SearchX, Trash2, X } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { AdminPagination } from '../../components/pagination';
import { useAdminFiles, useDeleteFile, useFileLocations, useSetFileVisibility, useSyncFiles } from '../api/files';

const T = ADMIN_AUDIO_TEXT.list;
const C = ADMIN_AUDIO_TEXT.confirm;
const TOAST = ADMIN_AUDIO_TEXT.toast;
/** Typing settles for this long before the list is searched (spec §9: search debounce 300 ms). */
const SEARCH_DEBOUNCE_MS = 300;

/** The desktop grid: title, visibility, location, size, four counts, poster, uploaded, actions. */
const COLUMNS = 'lg:grid-cols-[minmax(0,1fr)_4.5rem_9rem_4rem_repeat(4,3rem)_6.5rem_6.5rem_4.5rem]';

type Pending = { kind: 'visibility'; file: AudioFileRow } | { kind: 'delete'; file: AudioFileRow } | { kind: 'sync-all' } | null;

/**
 * 音声管理 › ファイル一覧 (spec §2.4, C-2.4-05…14): every track with its visibility, where its file is,
 * size and counts, poster and upload time; search by title or poster with its two empty states and a
 * clear link; 10 a page; 公開/非公開 and delete after a confirmation; the locations asked again every
 * 30 s. Cards on a phone, one grid row a file from 1024 px.
 */
export function AudioFileList() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const search = (params.get('q') ?? '').trim();
  const [draft, setDraft] = useState(search);
  const [pending, setPending] = useState<Pending>(null);
  const searchId = useId();

  const update = (next: { page?: number; q?: string }) =>
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        if (next.page !== undefined) {
          if (next.page > 1) p.set('page', String(next.page));
          else p.delete('page');
        }
        if (next.q !== undefined) {
          if (next.q) p.set('q', next.q);
          else p.delete('q');
        }
        return p;
      },
      { replace: true, preventScrollReset: true },
    );

  // The typed term becomes the search once typing settles; back to page 1 with a new term.
  const updateRef = useRef(update);
  updateRef.current = update;
  useEffect(() => {
    const term = draft.trim();
    if (term === search) return;
    const timer = setTimeout(() => updateRef.current({ q: term, page: 1 }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, search]);

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
    if (answer && !files.isPlaceholderData && answer.total > 0 && page > pages) updateRef.current({ page: pages });
  }, [answer, files.isPlaceholderData, page, pages]);

  const clear = () => {
    setDraft('');
    update({ q: '', page: 1 });
  };

  let body: ReactNode;
  if (files.isPending) {
    body = (
      <LoadingStatus label={T.what}>
        <ListSkeleton rows={5} rowClassName="h-28 lg:h-14" />
      </LoadingStatus>
    );
  } else if (files.isError || !answer) {
    body = <ListError what={T.what} onRetry={() => void files.refetch()} testId="admin-files-error" />;
  } else if (answer.total === 0 && search) {
    body = (
      <EmptyState icon={SearchX} title={T.noMatchTitle(search)} body={T.noMatchBody} testId="admin-files-no-match">
        <button type="button" onClick={clear} className="mt-4 min-h-11 text-accent text-sm underline-offset-2 hover:underline">
          {T.clearSearch}
        </button>
      </EmptyState>
    );
  } else if (answer.total === 0) {
    body = <EmptyState icon={FileAudio} title={T.emptyTitle} body={T.emptyBody} testId="admin-files-empty" />;
  } else {
    body = (
      <>
        <div
          aria-hidden="true"
          className={cn('hidden gap-3 border-border border-b px-3 pb-2 font-medium text-muted text-xs lg:grid', COLUMNS)}
        >
          <span>{T.columns.title}</span>
          <span>{T.columns.visibility}</span>
          <span>{T.columns.location}</span>
          <span className="text-right">{T.columns.size}</span>
          <span className="text-right">{T.columns.plays}</span>
          <span className="text-right">{T.columns.impressions}</span>
          <span className="text-right">{T.columns.likes}</span>
          <span className="text-right">{T.columns.bookmarks}</span>
          <span>{T.columns.poster}</span>
          <span>{T.columns.uploadedAt}</span>
          <span className="text-right">{T.columns.actions}</span>
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
        <AdminPagination page={page} pageSize={answer.pageSize} total={answer.total} onPage={(p) => update({ page: p })} />
        {locations.data && (
          <p className="mt-3 text-muted text-xs" data-testid="admin-files-checked">
            {T.locationChecked(formatClockJa(locations.data.checkedAt))}
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
            update({ q: draft.trim(), page: 1 });
          }}
        >
          <label htmlFor={searchId} className="sr-only">
            {T.searchLabel}
          </label>
          <Search aria-hidden="true" className="-translate-y-1/2 pointer-events-none absolute top-1/2 left-3 size-4 text-muted" />
          <input
            id={searchId}
            type="search"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            placeholder={T.searchPlaceholder}
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
            {T.clearSearch}
          </button>
        )}
        {answer && (
          <p className="text-muted text-sm tabular-nums" data-testid="admin-files-total">
            {T.total(answer.total)}
          </p>
        )}
        {answer?.bucket && <SyncAllButton onClick={() => setPending({ kind: 'sync-all' })} />}
      </div>
      {answer && !answer.bucket && <p className="mb-3 text-muted text-xs">{T.noBucketNote}</p>}
      {body}
      <PendingDialogs pending={pending} onClose={() => setPending(null)} />
    </section>
  );
}

/** The fields the 30-second location answer refreshes. */
function pickLocation(f: AudioFileRow | undefined): Partial<AudioFileRow> {
  if (!f) return {};
  return { location: f.location, exists: f.exists, size: f.size, profile: f.profile, copies: f.copies };
}

function SyncAllButton({ onClick }: { onClick: () => void }) {
  return (
    <Button variant="secondary" size="sm" onClick={onClick}>
      <CloudUpload aria-hidden="true" className="size-4" />
      {T.syncAll}
    </Button>
  );
}

function Flag({
  ok,
  label,
  short,
  okIcon: Ok,
  badIcon: Bad,
}: {
  ok: boolean | null;
  label: string;
  short: string;
  okIcon: typeof FileCheck;
  badIcon: typeof FileX;
}) {
  const Icon = ok === false ? Bad : Ok;
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      className={cn(
        'inline-flex items-center gap-0.5 rounded-full px-1.5 py-0.5 text-[11px]',
        ok === true && 'bg-emerald-600/10 text-emerald-700 dark:text-emerald-400',
        ok === false && 'bg-danger/10 text-danger',
        ok === null && 'bg-surface-2 text-muted',
      )}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      <span aria-hidden="true" className="lg:hidden">
        {short}
      </span>
    </span>
  );
}

/** A count with its name: the name shows on a phone, the column header names it on a desktop. */
function Count({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <span className="inline-flex items-baseline gap-1 tabular-nums lg:justify-end" data-testid={testId}>
      <span className="text-muted text-xs lg:sr-only">{label}</span>
      <span className="text-sm">{formatCountAdmin(value)}</span>
    </span>
  );
}

function FileRow({
  file,
  bucket,
  onToggle,
  onDelete,
}: {
  file: AudioFileRow;
  bucket: boolean;
  onToggle: () => void;
  onDelete: () => void;
}) {
  const sync = useSyncFiles();
  const poster = posterLabel(file, T.system);
  const when = formatDateTimeJa(file.uploadedAt);
  const where = T.locations[file.location];
  const canSync = bucket && file.location === 'local' && file.exists;
  const runSync = () =>
    sync.mutate(file.id, {
      onSuccess: (a) => toast({ title: a.message }),
      onError: (err) => toast({ title: TOAST.syncFailed, description: serverMessage(err) ?? undefined, variant: 'destructive' }),
    });

  return (
    <li
      className={cn(
        'grid grid-cols-[minmax(0,1fr)_auto] items-start gap-x-3 gap-y-2 rounded-2xl border border-border bg-bg p-3',
        'lg:items-center lg:gap-3 lg:rounded-none lg:border-0 lg:border-border lg:border-b lg:px-3 lg:py-2.5',
        COLUMNS,
        !file.isVisible && 'bg-surface/60',
      )}
      data-testid="admin-file-row"
      data-file-id={file.id}
    >
      <div className="min-w-0">
        <p className="break-words font-medium leading-snug [word-break:auto-phrase] lg:line-clamp-2" data-testid="file-title">
          {file.title}
        </p>
        <p className="mt-0.5 truncate text-muted text-xs lg:hidden">
          {poster}
          {T.separator}
          <time dateTime={file.uploadedAt}>{when}</time>
        </p>
      </div>

      <div>
        <button
          type="button"
          onClick={onToggle}
          aria-label={file.isVisible ? T.toggleToHidden(file.title) : T.toggleToVisible(file.title)}
          className={cn(
            'inline-flex min-h-9 items-center rounded-full px-3 font-medium text-xs transition-colors',
            file.isVisible
              ? 'bg-emerald-600/10 text-emerald-700 hover:bg-emerald-600/20 dark:text-emerald-400'
              : 'bg-surface-2 text-muted hover:bg-border',
          )}
          data-testid="file-visibility"
        >
          {file.isVisible ? T.visible : T.hidden}
        </button>
      </div>

      <div className="col-span-2 flex flex-wrap items-center gap-1.5 lg:contents">
        <div
          className="flex flex-wrap items-center gap-1 lg:flex-nowrap"
          data-testid="file-location"
          data-location={file.location}
          data-exists={String(file.exists)}
        >
          <span
            title={T.locationLabel(where)}
            className={cn(
              'rounded-md px-1.5 py-0.5 font-medium text-[11px]',
              file.location === 's3' ? 'bg-accent/10 text-accent' : 'bg-surface-2 text-fg',
            )}
          >
            <span className="sr-only">{T.columns.location} </span>
            {where}
          </span>
          <Flag ok={file.exists} label={file.exists ? T.fileOk : T.fileMissing} short={T.fileShort} okIcon={FileCheck} badIcon={FileX} />
          <Flag
            ok={file.profile.exists}
            label={file.profile.exists === null ? T.profileNone : file.profile.exists ? T.profileOk : T.profileMissing}
            short={T.profileShort}
            okIcon={ImageIcon}
            badIcon={ImageOff}
          />
        </div>
        <span className="text-muted text-xs tabular-nums lg:text-right lg:text-fg lg:text-sm" data-testid="file-size">
          {megabytes(file.size)}
        </span>
      </div>

      <div className="col-span-2 flex flex-wrap items-center gap-x-3 gap-y-1 lg:contents">
        <Count label={T.columns.plays} value={file.playCount} testId="file-plays" />
        <Count label={T.columns.impressions} value={file.impressionCount} testId="file-impressions" />
        <Count label={T.columns.likes} value={file.likeCount} testId="file-likes" />
        <Count label={T.columns.bookmarks} value={file.bookmarkCount} testId="file-bookmarks" />
        <span className="hidden truncate text-sm lg:block" data-testid="file-poster" title={poster}>
          {poster}
        </span>
        <time dateTime={file.uploadedAt} className="hidden text-muted text-xs tabular-nums lg:block" data-testid="file-uploaded">
          {when}
        </time>
        <div className="ml-auto flex items-center gap-1 lg:justify-end">
          {canSync && (
            <button
              type="button"
              onClick={runSync}
              disabled={sync.isPending}
              aria-label={T.sync(file.title)}
              title={T.sync(file.title)}
              className="inline-flex size-10 items-center justify-center rounded-full text-muted hover:bg-surface hover:text-fg disabled:opacity-40"
            >
              <CloudUpload aria-hidden="true" className="size-4" />
            </button>
          )}
          <button
            type="button"
            onClick={onDelete}
            aria-label={T.delete(file.title)}
            title={T.delete(file.title)}
            className="inline-flex size-10 items-center justify-center rounded-full text-danger hover:bg-danger/10"
          >
            <Trash2 aria-hidden="true" className="size-4" />
          </button>
        </div>
      </div>
    </li>
  );
}

/** The confirmations (spec §5: delete and visibility changes need one), with the track's title. */
function PendingDialogs({ pending, onClose }: { pending: Pending; onClose: () => void }) {
  const visibility = useSetFileVisibility();
  const del = useDeleteFile();
  const sync = useSyncFiles();
  const busy = visibility.isPending || del.isPending || sync.isPending;
  const close = (open: boolean) => {
    if (!open && !busy) onClose();
  };
  const fail = (title: string, err: unknown) => toast({ title, description: serverMessage(err) ?? undefined, variant: 'destructive' });

  if (pending?.kind === 'visibility') {
    const { file } = pending;
    const hide = file.isVisible;
    return (
      <ConfirmDialog
        open
        onOpenChange={close}
        title={hide ? C.hideTitle(file.title) : C.showTitle(file.title)}
        description={hide ? C.hideBody : C.showBody}
        confirmLabel={hide ? C.hideConfirm : C.showConfirm}
        danger={hide}
        busy={busy}
        onConfirm={() =>
          visibility.mutate(
            { id: file.id, isVisible: !hide, title: file.title },
            {
              onSuccess: () => toast({ title: hide ? TOAST.hidden(file.title) : TOAST.shown(file.title) }),
              onError: (err) => fail(TOAST.visibilityFailed, err),
              onSettled: onClose,
            },
          )
        }
      />
    );
  }
  if (pending?.kind === 'delete') {
    const { file } = pending;
    return (
      <ConfirmDialog
        open
        onOpenChange={close}
        title={C.deleteTitle(file.title)}
        description={C.deleteBody}
        confirmLabel={C.deleteConfirm}
        busy={busy}
        onConfirm={() =>
          del.mutate(
            { id: file.id, title: file.title },
            {
              onSuccess: () => toast({ title: TOAST.deleted(file.title) }),
              onError: (err) => fail(TOAST.deleteFailed, err),
              onSettled: onClose,
            },
          )
        }
      />
    );
  }
  if (pending?.kind === 'sync-all') {
    return (
      <ConfirmDialog
        open
        onOpenChange={close}
        title={C.syncAllTitle}
        description={C.syncAllBody}
        confirmLabel={C.syncAllConfirm}
        danger={false}
        busy={busy}
        onConfirm={() =>
          sync.mutate('all', {
            onSuccess: (a) => toast({ title: a.message }),
            onError: (err) => fail(TOAST.syncFailed, err),
            onSettled: onClose,
          })
        }
      />
    );
  }
  return null;
}
