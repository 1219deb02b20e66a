import { CLAIMS_TEXT } from '@shared/messages/claims';
import type { Claim, ClaimStatus } from '@shared/schemas/creation';
import { cn } from '@web/lib/cn';

const STATUS_CLASS: Record<ClaimStatus, string> = {
  verified: 'bg-emerald-100 text-emerald-800',
  needs_source: 'bg-amber-100 text-amber-900',
  disputed: 'bg-red-100 text-red-800',
};

/**
 * Claims with their state and sources: each source shows its site's domain and links to the page (a
 * grounded check's link is Google's redirect to it, kept as given); a claim without one says 出典未確認.
 */
export function ClaimSources({ claims, className }: { claims: readonly Claim[]; className?: string }) {
  return (
    <ul className={cn('space-y-3', className)} data-testid="claim-sources">
      {claims.map((claim) => (
        <li key={`${claim.line}:${claim.text}`} className="text-sm" data-status={claim.status}>
          <p className="leading-relaxed">
            <span className={cn('mr-2 inline-block rounded-full px-2 py-0.5 text-xs font-medium', STATUS_CLASS[claim.status])}>
              {CLAIMS_TEXT.status[claim.status]}
            </span>
            {claim.text}
          </p>
          {claim.sources.length > 0 ? (
            <p className="mt-1 text-muted">
              <span className="mr-1">{CLAIMS_TEXT.sourcesLabel}:</span>
              {claim.sources.map((s, i) => (
                <span key={s.url}>
                  {i > 0 && ', '}
                  <a href={s.url} target="_blank" rel="noopener noreferrer nofollow" className="text-accent underline underline-offset-2">
                    {s.title}
                  </a>
                </span>
              ))}
            </p>
          ) : (
            claim.status !== 'needs_source' && <p className="mt-1 text-muted">{CLAIMS_TEXT.unverified}</p>
          )}
        </li>
      ))}
    </ul>
  );
}
