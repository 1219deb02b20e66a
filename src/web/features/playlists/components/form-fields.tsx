import { cn } from '@web/lib/cn';
import type { ComponentProps } from 'react';

export const fieldClass =
  'mt-2 block w-full rounded-xl border border-border bg-bg px-4 text-base outline-none placeholder:text-muted focus:border-accent aria-invalid:border-danger';

/** A label, the control, and the message below it (an error in the danger colour, or a hint). */
export function FieldMessage({ id, error, hint, count }: { id: string; error?: string | null; hint?: string; count?: string }) {
  if (!error && !hint && !count) return null;
  return (
    <div className="mt-1.5 flex items-start justify-between gap-3 text-xs">
      {error ? (
        <p id={id} role="alert" className="font-medium text-danger">
          {error}
        </p>
      ) : (
        <p id={id} className="text-muted">
          {hint}
        </p>
      )}
      {count && <span className="shrink-0 text-muted tabular-nums">{count}</span>}
    </div>
  );
}

export function TextArea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cn(fieldClass, 'min-h-24 resize-y py-3 leading-relaxed', className)} {...props} />;
}
