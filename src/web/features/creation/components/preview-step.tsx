import { CREATION_TEXT } from '@shared/messages/creation';
import { Button } from '@web/components/ui/button';
import type { Step, StepProps } from '../draft';

/** Step 3: the preview's audio and its transcript. */
export function PreviewStep({ draft, update }: StepProps) {
  const preview = draft.preview!;
  return (
    <section className="space-y-5">
      <h2 className="text-lg font-bold">{preview.title || draft.script?.title}</h2>
      <div className="space-y-2 rounded-2xl border border-border p-4">
        <div className="flex items-baseline justify-between">
          <span className="font-medium">{CREATION_TEXT.preview.label}</span>
          <span className="text-sm text-muted tabular-nums">{CREATION_TEXT.preview.duration(preview.duration)}</span>
        </div>
        {/* biome-ignore lint/a11y/useMediaCaption: the script is shown right below as the transcript */}
        <audio controls src={preview.previewUrl} className="w-full" data-testid="creation-preview-audio" />
      </div>
      <div className="max-h-72 overflow-y-auto whitespace-pre-wrap rounded-2xl bg-surface p-4 text-sm leading-relaxed">
        {preview.script}
      </div>
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" onClick={() => update({ step: 1 })}>
          {CREATION_TEXT.preview.back}
        </Button>
        <Button size="lg" className="flex-1" onClick={() => update({ step: 3 as Step })}>
          {CREATION_TEXT.preview.next}
        </Button>
      </div>
    </section>
  );
}
