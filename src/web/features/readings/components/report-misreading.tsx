import { READINGS_TEXT } from '@shared/messages/readings';
import type { Track } from '@shared/schemas/track';
import { IconButton } from '@web/components/ui/icon-button';
import { useUser } from '@web/lib/auth';
import { lazyPart } from '@web/lib/lazy-part';
import { Flag } from 'lucide-react';
import { Suspense, useState } from 'react';

/** The dialog is loaded the first time it is needed (the menu drawer's way, app/menu/menu-drawer.tsx). */
const ReportMisreadingDialog = lazyPart(async () => (await import('./report-misreading-dialog')).ReportMisreadingDialog);
const loadDialog = () => void import('./report-misreading-dialog').catch(() => {});

/**
 * 読み間違いを報告 (issue 25.3): beside a transcript line, for signed-in members. A small dialog shows the
 * line and how the voice read it (issue 37.2) and takes an optional note; the operator sees the report in the console's 読み辞書.
 */
export function ReportMisreading({ track, line, text, reading }: { track: Track; line: number; text: string; reading?: string }) {
  const { isSignedIn } = useUser();
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  if (!isSignedIn) return null;
  return (
    <>
      <IconButton
        icon={Flag}
        label={READINGS_TEXT.report.buttonLabel(line + 1)}
        className="size-9 shrink-0 text-muted"
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
        onPointerEnter={loadDialog}
        data-testid="report-misreading"
      />
      {used && (
        <Suspense fallback={null}>
          <ReportMisreadingDialog trackId={track.id} line={line} text={text} reading={reading} open={open} setOpen={setOpen} />
        </Suspense>
      )}
    </>
  );
}
