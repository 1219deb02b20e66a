import { CLAIMS_TEXT } from '@shared/messages/claims';
import type { Claim } from '@shared/schemas/creation';
import { ClaimSources } from '@web/components/claims/claim-sources';
import { IconTooltip } from '@web/components/ui/icon-tooltip';
import { cn } from '@web/lib/cn';
import { BadgeCheck, BadgeQuestionMark } from 'lucide-react';
import { useId, useState } from 'react';

/**
 * The mark of a transcript line that holds a claim (issue 25.2): tapping it shows the claim's sources
 * under the line, or 出典未確認. A line whose claims all have a source shows a check, else a question.
 */
export function ClaimMark({ claims }: { claims: readonly Claim[] }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  if (claims.length === 0) return null;
  const sourced = claims.every((c) => c.sources.length > 0 && c.status === 'verified');
  const Icon = sourced ? BadgeCheck : BadgeQuestionMark;
  const label = open ? CLAIMS_TEXT.mark.hide : CLAIMS_TEXT.mark.label(claims.length);
  return (
    <>
      <IconTooltip label={label}>
        <button
          type="button"
          aria-label={label}
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen((o) => !o)}
          className={cn(
            'grid size-10 shrink-0 place-items-center rounded-full hover:bg-surface-2',
            sourced ? 'text-emerald-600' : 'text-amber-600',
          )}
          data-testid="claim-mark"
        >
          <Icon className="size-5" aria-hidden />
        </button>
      </IconTooltip>
      {open && (
        <div id={id} className="basis-full rounded-2xl bg-surface-2 px-3 py-2" data-testid="claim-details">
          <ClaimSources claims={claims} />
        </div>
      )}
    </>
  );
}
