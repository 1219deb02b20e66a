import { READINGS_TEXT } from '@shared/messages/readings';
import { READING_LIMITS } from '@shared/rules/readings';
import type { Track } from '@shared/schemas/track';
import { Button } from '@web/components/ui/button';
import { Modal } from '@web/components/ui/dialog';
import { IconButton } from '@web/components/ui/icon-button';
import { useUser } from '@web/lib/auth';
import { serverMessage } from '@web/lib/server-message';
import { toast } from '@web/lib/toast';
import { Flag } from 'lucide-react';
import { useId, useState } from 'react';
import { useReportMisreading } from '../api/report';

const T = READINGS_TEXT.report;

/**
 * 読み間違いを報告 (issue 25.3): beside a transcript line, for signed-in members. A small dialog shows the
 * line and takes an optional note; the operator sees the report in the console's 読み辞書.
 */
export function ReportMisreading({ track, line, text }: { track: Track; line: number; text: string }) {
  const { isSignedIn } = useUser();
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const report = useReportMisreading(track.id);
  const id = useId();
  if (!isSignedIn) return null;
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
    <>
      <IconButton
        icon={Flag}
        label={T.buttonLabel(line + 1)}
        className="size-9 shrink-0 text-muted"
        onClick={() => {
          setError(null);
          setOpen(true);
        }}
        data-testid="report-misreading"
      />
      <Modal open={open} onOpenChange={setOpen} title={T.title} description={T.description} testId="report-misreading-dialog">
        <blockquote className="rounded-2xl bg-surface px-3 py-2 text-[15px] leading-relaxed">{text}</blockquote>
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
    </>
  );
}
