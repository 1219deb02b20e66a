import { READINGS_TEXT } from '@shared/messages/readings';
import { READING_LIMITS } from '@shared/rules/readings';
import { Button } from '@web/components/ui/button';
import { Modal } from '@web/components/ui/dialog';
import { serverMessage } from '@web/lib/server-message';
import { toast } from '@web/lib/toast';
import { useEffect, useId, useState } from 'react';
import { useReportMisreading } from '../api/report';

const T = READINGS_TEXT.report;

/**
 * The dialog of 読み間違いを報告 (report-misreading.tsx): the line, its reading as spoken and an optional note. Loaded on first
 * use, so its dialog code stays out of the home route's first download (issue 27.5).
 */
export function ReportMisreadingDialog({
  trackId,
  line,
  text,
  reading,
  open,
  setOpen,
}: {
  trackId: number;
  line: number;
  text: string;
  /** The line as the voice spoke it (katakana), where the transcript has it. */
  reading?: string;
  open: boolean;
  setOpen: (open: boolean) => void;
}) {
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const report = useReportMisreading(trackId);
  const id = useId();
  // Each opening starts without the last one's failure.
  useEffect(() => {
    if (open) setError(null);
  }, [open]);
  const send = () =>
    report.mutate(
      { line, note: note.trim() || undefined },
      {
        onSuccess: () => {
          setOpen(false);
          setNote('');
          toast({ title: T.done });
        },
        onError: (err) => setError(serverMessage(err) ?? T.failed),
      },
    );
  return (
    <Modal open={open} onOpenChange={setOpen} title={T.title} description={T.description} testId="report-misreading-dialog">
      <blockquote className="rounded-2xl bg-surface px-3 py-2 text-[15px] leading-relaxed">{text}</blockquote>
      {reading && (
        <p className="mt-1 px-3 text-muted text-sm" data-testid="report-misreading-reading">
          <span className="mr-2 text-xs font-semibold">{T.spoken}</span>
          {reading}
        </p>
      )}
      <label htmlFor={`${id}-n`} className="mt-4 block font-medium text-sm">
        {T.note}
      </label>
      <textarea
        id={`${id}-n`}
        value={note}
        maxLength={READING_LIMITS.note}
        rows={2}
        placeholder={T.notePlaceholder}
        onChange={(e) => setNote(e.target.value)}
        className="mt-1 w-full rounded-xl border border-border bg-bg px-3 py-2.5 text-base outline-none focus-visible:ring-2 focus-visible:ring-accent"
      />
      {error && (
        <p role="alert" className="mt-2 text-danger text-sm">
          {error}
        </p>
      )}
      <div className="mt-4 flex justify-end gap-2">
        <Button variant="secondary" onClick={() => setOpen(false)}>
          {T.cancel}
        </Button>
        <Button onClick={send} disabled={report.isPending} data-testid="report-misreading-submit">
          {report.isPending ? T.submitting : T.submit}
        </Button>
      </div>
    </Modal>
  );
}
