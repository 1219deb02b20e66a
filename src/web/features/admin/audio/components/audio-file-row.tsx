import { ADMIN_AUDIO_TEXT } from '@shared/messages/admin-audio';
import { megabytes } from '@shared/rules/admin';
import { formatDateTimeJa, posterLabel } from '@shared/rules/admin-audio';
import { formatCountAdmin } from '@shared/rules/format';
import type { AudioFileRow } from '@shared/schemas/admin-audio';
import { cn } from '@web/lib/cn';
import { serverMessage } from '@web/lib/server-message';
import { toast } from '@web/lib/toast';
import { CloudUpload, FileCheck, FileX, Image as ImageIcon, ImageOff, Trash2 } from 'lucide-react';
import { useSyncFiles } from '../api/files';
import { TrackStatsButton } from './audio-track-stats';
import { PremiumOnlyToggle } from './premium-only-toggle';

const TEXT = ADMIN_AUDIO_TEXT.list;
const TOAST = ADMIN_AUDIO_TEXT.toast;

/** The desktop grid: title, visibility, location, size, four counts, poster, uploaded, actions. */
export const COLUMNS = 'lg:grid-cols-[minmax(0,1fr)_4.5rem_9rem_4rem_repeat(4,3rem)_6.5rem_6.5rem_8rem]';

/** The fields the 30-second location answer refreshes. */
export function pickLocation(f: AudioFileRow | undefined): Partial<AudioFileRow> {
  if (!f) return {};
  return { location: f.location, exists: f.exists, size: f.size, profile: f.profile, copies: f.copies };
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

/** One file: a card on a phone, a grid row from 1024 px. */
export function FileRow({
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
  const poster = posterLabel(file, TEXT.system);
  const when = formatDateTimeJa(file.uploadedAt);
  const where = TEXT.locations[file.location];
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
          {TEXT.separator}
          <time dateTime={file.uploadedAt}>{when}</time>
        </p>
      </div>

      <div className="flex flex-wrap items-start gap-1">
        <button
          type="button"
          onClick={onToggle}
          aria-label={file.isVisible ? TEXT.toggleToHidden(file.title) : TEXT.toggleToVisible(file.title)}
          className={cn(
            'inline-flex min-h-9 items-center rounded-full px-3 font-medium text-xs transition-colors',
            file.isVisible
              ? 'bg-emerald-600/10 text-emerald-700 hover:bg-emerald-600/20 dark:text-emerald-400'
              : 'bg-surface-2 text-muted hover:bg-border',
          )}
          data-testid="file-visibility"
        >
          {file.isVisible ? TEXT.visible : TEXT.hidden}
        </button>
        <PremiumOnlyToggle file={file} />
      </div>

      <div className="col-span-2 flex flex-wrap items-center gap-1.5 lg:contents">
        <div
          className="flex flex-wrap items-center gap-1 lg:flex-nowrap"
          data-testid="file-location"
          data-location={file.location}
          data-exists={String(file.exists)}
        >
          <span
            title={TEXT.locationLabel(where)}
            className={cn(
              'rounded-md px-1.5 py-0.5 font-medium text-[11px]',
              file.location === 's3' ? 'bg-accent/10 text-accent' : 'bg-surface-2 text-fg',
            )}
          >
            <span className="sr-only">{TEXT.columns.location} </span>
            {where}
          </span>
          <Flag
            ok={file.exists}
            label={file.exists ? TEXT.fileOk : TEXT.fileMissing}
            short={TEXT.fileShort}
            okIcon={FileCheck}
            badIcon={FileX}
          />
          <Flag
            ok={file.profile.exists}
            label={file.profile.exists === null ? TEXT.profileNone : file.profile.exists ? TEXT.profileOk : TEXT.profileMissing}
            short={TEXT.profileShort}
            okIcon={ImageIcon}
            badIcon={ImageOff}
          />
        </div>
        <span className="text-muted text-xs tabular-nums lg:text-right lg:text-fg lg:text-sm" data-testid="file-size">
          {megabytes(file.size)}
        </span>
      </div>

      <div className="col-span-2 flex flex-wrap items-center gap-x-3 gap-y-1 lg:contents">
        <Count label={TEXT.columns.plays} value={file.playCount} testId="file-plays" />
        <Count label={TEXT.columns.impressions} value={file.impressionCount} testId="file-impressions" />
        <Count label={TEXT.columns.likes} value={file.likeCount} testId="file-likes" />
        <Count label={TEXT.columns.bookmarks} value={file.bookmarkCount} testId="file-bookmarks" />
        <span className="hidden truncate text-sm lg:block" data-testid="file-poster" title={poster}>
          {poster}
        </span>
        <time dateTime={file.uploadedAt} className="hidden text-muted text-xs tabular-nums lg:block" data-testid="file-uploaded">
          {when}
        </time>
        <div className="ml-auto flex items-center gap-1 lg:justify-end">
          <TrackStatsButton trackId={file.id} title={file.title} />
          {canSync && (
            <button
              type="button"
              onClick={runSync}
              disabled={sync.isPending}
              aria-label={TEXT.sync(file.title)}
              title={TEXT.sync(file.title)}
              className="inline-flex size-10 items-center justify-center rounded-full text-muted hover:bg-surface hover:text-fg disabled:opacity-40"
            >
              <CloudUpload aria-hidden="true" className="size-4" />
            </button>
          )}
          <button
            type="button"
            onClick={onDelete}
            aria-label={TEXT.delete(file.title)}
            title={TEXT.delete(file.title)}
            className="inline-flex size-10 items-center justify-center rounded-full text-danger hover:bg-danger/10"
          >
            <Trash2 aria-hidden="true" className="size-4" />
          </button>
        </div>
      </div>
    </li>
  );
}
