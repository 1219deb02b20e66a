import { ADMIN_READINGS_TEXT } from '@shared/messages/readings';
import { READING_LIMITS, readingProblem, surfaceProblem } from '@shared/rules/readings';
import { Button } from '@web/components/ui/button';
import { type ListQuery, ListState, listOf } from '@web/components/ui/list-state';
import { serverMessage } from '@web/lib/server-message';
import { failureToast, toast } from '@web/lib/toast';
import { BookA, RefreshCw, Trash2 } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { SectionHeading } from '../../components/section-heading';
import { useDeleteReading, usePutReading, useReadingEntries, useReadingReports, useRegenerateAudio } from '../api/readings';

const input =
  'mt-1 w-full rounded-xl border border-border bg-bg px-3 py-2.5 text-base outline-none focus-visible:ring-2 focus-visible:ring-accent aria-[invalid=true]:border-danger';

/**
 * 音声管理 › 読み辞書 (issue 25.3): the operator's reading dictionary (add or change an entry, delete
 * one) and the listeners' reports of misread lines, each with how the voice spoke the line (issue 37.2),
 * how it reads today and the regeneration of its track's audio.
 */
export function ReadingsSection() {
  const [surface, setSurface] = useState('');
  return (
    <div className="space-y-8" data-testid="admin-readings">
      <ReadingForm surface={surface} onSurface={setSurface} />
      <ReadingReports onUseSurface={setSurface} />
      <ReadingEntries />
    </div>
  );
}

function ReadingForm({ surface, onSurface }: { surface: string; onSurface: (s: string) => void }) {
  const id = useId();
  const [reading, setReading] = useState('');
  const [errors, setErrors] = useState<{ surface?: string | null; reading?: string | null; form?: string | null }>({});
  const put = usePutReading();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = { surface: surfaceProblem(surface), reading: readingProblem(reading) };
    setErrors(next);
    if (next.surface || next.reading) return;
    put.mutate(
      { surface, reading },
      {
        onSuccess: (answer) => {
          toast({ title: ADMIN_READINGS_TEXT.saved(answer.entry.surface) });
          onSurface('');
          setReading('');
        },
        onError: (err) => setErrors({ form: serverMessage(err) ?? ADMIN_READINGS_TEXT.saveFailed }),
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="rounded-3xl bg-surface p-4 sm:p-5" data-testid="reading-form" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} className="flex items-center gap-2 font-bold text-lg">
        <BookA aria-hidden="true" className="size-5" />
        {ADMIN_READINGS_TEXT.heading}
      </h2>
      <p className="mt-1 text-muted text-sm">{ADMIN_READINGS_TEXT.lead}</p>
      <div className="mt-4 grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-s`} className="block font-medium text-sm">
            {ADMIN_READINGS_TEXT.surface}
          </label>
          <input
            id={`${id}-s`}
            name="surface"
            value={surface}
            maxLength={READING_LIMITS.surface * 2}
            placeholder={ADMIN_READINGS_TEXT.surfacePlaceholder}
            aria-invalid={errors.surface ? true : undefined}
            aria-describedby={errors.surface ? `${id}-se` : undefined}
            onChange={(e) => onSurface(e.target.value)}
            className={input}
          />
          {errors.surface && (
            <p id={`${id}-se`} className="mt-1 text-danger text-sm">
              {errors.surface}
            </p>
          )}
        </div>
        <div>
          <label htmlFor={`${id}-r`} className="block font-medium text-sm">
            {ADMIN_READINGS_TEXT.reading}
          </label>
          <input
            id={`${id}-r`}
            name="reading"
            value={reading}
            maxLength={READING_LIMITS.reading * 2}
            placeholder={ADMIN_READINGS_TEXT.readingPlaceholder}
            aria-invalid={errors.reading ? true : undefined}
            aria-describedby={errors.reading ? `${id}-re` : undefined}
            onChange={(e) => setReading(e.target.value)}
            className={input}
          />
          {errors.reading && (
            <p id={`${id}-re`} className="mt-1 text-danger text-sm">
              {errors.reading}
            </p>
          )}
        </div>
      </div>
      {errors.form && (
        <p role="alert" className="mt-3 text-danger text-sm">
          {errors.form}
        </p>
      )}
      <Button type="submit" className="mt-4" disabled={put.isPending} data-testid="reading-save">
        {put.isPending ? ADMIN_READINGS_TEXT.saving : ADMIN_READINGS_TEXT.save}
      </Button>
    </form>
  );
}

function ReadingReports({ onUseSurface }: { onUseSurface: (s: string) => void }) {
  const query = useReadingReports();
  const regenerate = useRegenerateAudio();
  return (
    <section aria-labelledby="reading-reports-heading" className="space-y-3" data-testid="reading-reports">
      <SectionHeading id="reading-reports-heading" title={ADMIN_READINGS_TEXT.reportsHeading} lead={ADMIN_READINGS_TEXT.reportsLead} />
      <ReadingList
        query={listOf(query, (d) => d.reports)}
        what={ADMIN_READINGS_TEXT.reportsName}
        empty={ADMIN_READINGS_TEXT.reportsEmpty}
        className="space-y-3"
        itemClassName="rounded-2xl border border-border bg-surface p-4"
        itemTestId="reading-report"
      >
        {(r) => (
          <>
            <p className="text-muted text-xs">
              {ADMIN_READINGS_TEXT.where(r.trackTitle, r.line)}
              {r.task && (
                <span className="ml-2 rounded-full bg-accent-soft px-2 py-0.5 text-accent">
                  {ADMIN_READINGS_TEXT.taskStatus[r.task.status] ?? r.task.status}
                </span>
              )}
            </p>
            <p className="mt-1 break-words font-medium">{r.text}</p>
            <p className="mt-1 break-words text-sm" data-testid="reading-report-spoken">
              <span className="text-muted">{ADMIN_READINGS_TEXT.spokenAs}：</span>
              {r.spokenReading}
            </p>
            <p className="mt-1 break-words text-sm" data-testid="reading-report-reading">
              <span className="text-muted">{ADMIN_READINGS_TEXT.readsAs}：</span>
              {r.reading}
            </p>
            {r.note && (
              <p className="mt-1 break-words text-sm">
                <span className="text-muted">{ADMIN_READINGS_TEXT.note}：</span>
                {r.note}
              </p>
            )}
            <div className="mt-3 flex flex-wrap gap-2">
              <Button size="sm" variant="secondary" onClick={() => onUseSurface(r.text)}>
                {ADMIN_READINGS_TEXT.useSurface}
              </Button>
              <Button
                size="sm"
                disabled={regenerate.isPending || r.task?.status === 'queued' || r.task?.status === 'processing'}
                onClick={() =>
                  regenerate.mutate(r.trackId, {
                    onSuccess: () => toast({ title: ADMIN_READINGS_TEXT.regenerateQueued }),
                    onError: (err) =>
                      toast({
                        title: ADMIN_READINGS_TEXT.regenerateFailed,
                        description: serverMessage(err) ?? undefined,
                        variant: 'destructive',
                      }),
                  })
                }
                data-testid="reading-regenerate"
              >
                <RefreshCw aria-hidden="true" className="size-4" />
                {regenerate.isPending && regenerate.variables === r.trackId
                  ? ADMIN_READINGS_TEXT.regenerating
                  : ADMIN_READINGS_TEXT.regenerate}
              </Button>
            </div>
          </>
        )}
      </ReadingList>
    </section>
  );
}

function ReadingEntries() {
  const query = useReadingEntries();
  const remove = useDeleteReading();
  return (
    <section aria-label={ADMIN_READINGS_TEXT.listName} data-testid="reading-entries">
      <ReadingList
        query={listOf(query, (d) => d.entries)}
        what={ADMIN_READINGS_TEXT.listName}
        empty={ADMIN_READINGS_TEXT.empty}
        className="divide-y divide-border rounded-2xl border border-border"
        itemClassName="flex items-center gap-3 px-4 py-2"
        itemTestId="reading-entry"
      >
        {(e) => (
          <>
            <span className="min-w-0 flex-1 break-words">
              <span className="font-medium">{e.surface}</span>
              <span className="mx-2 text-muted">→</span>
              <span>{e.reading}</span>
            </span>
            <Button
              size="sm"
              variant="ghost"
              aria-label={ADMIN_READINGS_TEXT.deleteLabel(e.surface)}
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(e.id, {
                  onSuccess: () => toast({ title: ADMIN_READINGS_TEXT.deleted(e.surface) }),
                  onError: failureToast('delete reading', ADMIN_READINGS_TEXT.deleteFailed),
                })
              }
            >
              <Trash2 aria-hidden="true" className="size-4" />
              {ADMIN_READINGS_TEXT.delete}
            </Button>
          </>
        )}
      </ReadingList>
    </section>
  );
}

interface ReadingListProps<T> {
  query: ListQuery<T>;
  /** The list's name in its failure. */
  what: string;
  empty: string;
  className: string;
  itemClassName: string;
  itemTestId: string;
  children: (item: T) => ReactNode;
}

/** One of the section's two lists (the reports, the dictionary): nothing while loading, a one-line failure, a dashed empty line, its rows. */
function ReadingList<T extends { id: string | number }>({
  query,
  what,
  empty,
  className,
  itemClassName,
  itemTestId,
  children,
}: ReadingListProps<T>) {
  return (
    <ListState
      query={query}
      what={what}
      compact
      skeleton={false}
      empty={<p className="rounded-2xl border border-border border-dashed p-6 text-center text-muted text-sm">{empty}</p>}
    >
      {(items) => (
        <ul className={className}>
          {items.map((item) => (
            <li key={item.id} className={itemClassName} data-testid={itemTestId}>
              {children(item)}
            </li>
          ))}
        </ul>
      )}
    </ListState>
  );
}
