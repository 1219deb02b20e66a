import { CREATE_PAGE_CATEGORIES } from '@shared/categories';
import { CLAIMS_TEXT } from '@shared/messages/claims';
import { CREATION_TEXT } from '@shared/messages/creation';
import { type ConfidenceLevel, confidenceLevel } from '@shared/rules/creation';
import { ClaimSources } from '@web/components/claims/claim-sources';
import { SearchSuggestions } from '@web/components/claims/search-suggestions';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';
import { CheckCircle2, LoaderCircle, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import type { StepProps } from '../draft';

/**
 * The categories of the track being made: the chosen ones and the way to choose more. The app fills it
 * with the category box of the playlists feature (its 15 suggestions and the debounced search, 5 names
 * from the database and 3 built in); without it the 15 suggestions are toggles.
 */
export type CategoryPicker = (props: { value: string[]; onChange: (next: string[]) => void }) => ReactNode;

/** Confidence colours (creator spec §9, the levels in shared/rules/creation.ts): green, amber, red. */
const CONFIDENCE_CLASS: Record<ConfidenceLevel, string> = { high: 'text-emerald-600', medium: 'text-amber-600', low: 'text-red-600' };

/** Step 2: the script with its fact check, the categories, then the preview is made. */
export function ReviewStep({
  draft,
  update,
  busy,
  onRewrite,
  onPreview,
  categoryPicker,
}: StepProps & { busy: string | null; onRewrite: () => void; onPreview: () => void; categoryPicker?: CategoryPicker }) {
  const script = draft.script!;
  const fc = script.factCheck;
  const toggle = (label: string) =>
    update({ labels: draft.labels.includes(label) ? draft.labels.filter((l) => l !== label) : [...draft.labels, label] });
  return (
    <section className="space-y-5">
      <h2 className="text-lg font-bold">{draft.title || script.title}</h2>
      <div className="rounded-2xl border border-border p-4" data-testid="fact-check">
        <div className="flex flex-wrap items-center gap-3">
          {fc.status === 'verified' ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-emerald-100 px-3 py-1 text-sm font-medium text-emerald-800">
              <CheckCircle2 className="size-4" aria-hidden />
              {CREATION_TEXT.review.verified}
            </span>
          ) : (
            <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-3 py-1 text-sm font-medium text-amber-900">
              <TriangleAlert className="size-4" aria-hidden />
              {CREATION_TEXT.review.needsReview}
            </span>
          )}
          <span className={cn('text-sm font-medium', CONFIDENCE_CLASS[confidenceLevel(fc.confidence)])}>
            {CREATION_TEXT.review.confidence(fc.confidence)}
          </span>
        </div>
        <p className="mt-2 text-sm text-muted">{fc.summary}</p>
        {fc.status === 'issues_found' && fc.issues.length > 0 && (
          <>
            <h3 className="mt-3 text-sm font-medium">{CREATION_TEXT.review.issuesLabel}</h3>
            <ul className="mt-1 list-disc space-y-1 pl-5 text-sm">
              {fc.issues.map((issue) => (
                <li key={issue}>{issue}</li>
              ))}
            </ul>
            <Button variant="secondary" className="mt-3" disabled={busy !== null} onClick={onRewrite}>
              {busy === 'rewrite' && <LoaderCircle className="size-4 animate-spin" aria-hidden />}
              {busy === 'rewrite' ? CREATION_TEXT.review.applying : CREATION_TEXT.review.applyFactCheck}
            </Button>
          </>
        )}
        {/* A draft kept from before claims were answered has none. */}
        {(fc.claims ?? []).length > 0 && (
          <>
            <h3 className="mt-3 text-sm font-medium">{CLAIMS_TEXT.listTitle}</h3>
            <ClaimSources claims={fc.claims} className="mt-2" />
          </>
        )}
        {fc.searchEntryPoint && <SearchSuggestions html={fc.searchEntryPoint} />}
      </div>
      {categoryPicker ? (
        <div data-testid="creation-categories">{categoryPicker({ value: draft.labels, onChange: (labels) => update({ labels }) })}</div>
      ) : (
        <div>
          <h3 className="mb-2 font-medium">{CREATION_TEXT.review.labelsLabel}</h3>
          <div className="flex flex-wrap gap-2">
            {[...new Set([...draft.labels, ...CREATE_PAGE_CATEGORIES])].map((label) => (
              <button
                key={label}
                type="button"
                aria-pressed={draft.labels.includes(label)}
                onClick={() => toggle(label)}
                className={cn(
                  'min-h-9 rounded-full border px-3 text-sm',
                  draft.labels.includes(label) ? 'border-accent bg-accent text-accent-fg' : 'border-border',
                )}
              >
                {label}
              </button>
            ))}
          </div>
        </div>
      )}
      <div>
        <h3 className="mb-2 font-medium">{CREATION_TEXT.review.scriptLabel}</h3>
        <div
          className="max-h-96 overflow-y-auto whitespace-pre-wrap rounded-2xl bg-surface p-4 text-[15px] leading-relaxed"
          data-testid="creation-script"
        >
          {script.script}
        </div>
      </div>
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" onClick={() => update({ step: 0 })}>
          {CREATION_TEXT.review.back}
        </Button>
        <Button size="lg" className="flex-1" disabled={busy !== null} onClick={onPreview}>
          {busy === 'preview' && <LoaderCircle className="size-4 animate-spin" aria-hidden />}
          {busy === 'preview' ? CREATION_TEXT.review.makingPreview : CREATION_TEXT.review.makePreview}
        </Button>
      </div>
    </section>
  );
}
