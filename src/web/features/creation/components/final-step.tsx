import { CREATION_TEXT } from '@shared/messages/creation';
import { Button } from '@web/components/ui/button';
import { LoaderCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { StepProps } from '../draft';

/** Final review: the preview already spent the day's use, so publishing it needs none left (decision 0015, #24.8). */
export function FinalStep({ draft, busy, onPublish }: StepProps & { busy: boolean; onPublish: () => void }) {
  const [agreed, setAgreed] = useState(false);
  const id = useId();
  return (
    <section className="space-y-5">
      <h2 className="text-lg font-bold">{draft.title || draft.script?.title}</h2>
      <p className="text-sm text-muted">{draft.labels.join('、')}</p>
      <div className="flex items-center gap-3">
        <input id={id} type="checkbox" className="size-5" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} />
        <label htmlFor={id}>
          {CREATION_TEXT.final.terms}（
          <Link to="/terms" className="underline" target="_blank">
            {CREATION_TEXT.final.termsLink}
          </Link>
          ）
        </label>
      </div>
      <Button size="lg" className="w-full" disabled={!agreed || busy} onClick={onPublish}>
        {busy && <LoaderCircle className="size-4 animate-spin" aria-hidden />}
        {CREATION_TEXT.final.publish}
      </Button>
    </section>
  );
}
