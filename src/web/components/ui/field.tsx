import { SHELL_TEXT } from '@shared/messages/shell';
import { cn } from '@web/lib/cn';
import type { ComponentProps, ReactNode } from 'react';

/** The look of every text input, select and text area (an invalid one has the danger border). */
export const inputClass =
  'block min-h-12 w-full min-w-0 rounded-xl border border-border bg-bg px-4 text-base text-fg outline-none transition-colors placeholder:text-muted/70 focus:border-accent focus-visible:outline-2 focus-visible:outline-accent/40 aria-[invalid=true]:border-danger read-only:bg-surface read-only:text-muted disabled:opacity-60';

/** The id of a field's error, for its control's aria-describedby. */
export const fieldErrorId = (id: string) => `${id}-error`;

/** What a control inside a Field carries: its id, whether it is invalid, and its error as description. */
export function fieldControl(id: string, error?: string | null) {
  return { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? fieldErrorId(id) : undefined };
}

interface FieldProps {
  /** The control's id (the label points at it). */
  id: string;
  label: string;
  /** 任意 after the label, or the 必須 badge. */
  mark?: 'optional' | 'required';
  error?: string | null;
  /** Under the control (a note, a preview). */
  hint?: ReactNode;
  /** A character count at the end of the hint's line ("12/50"). */
  count?: string;
  children: ReactNode;
}

/** A labelled form field: the label, the control, its hint and count, and its error (role=alert). */
export function Field({ id, label, mark, error, hint, count, children }: FieldProps) {
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 flex items-baseline gap-2 font-medium text-sm">
        {label}
        {mark === 'optional' && <span className="font-normal text-muted text-xs">{SHELL_TEXT.field.optional}</span>}
        {mark === 'required' && (
          <span className="rounded-full bg-danger-soft px-2 py-0.5 font-medium text-danger text-xs">{SHELL_TEXT.field.required}</span>
        )}
      </label>
      {children}
      {(hint || count) && (
        <div className="mt-1.5 flex items-start justify-between gap-3 text-muted text-xs leading-relaxed">
          <div className="min-w-0">{hint}</div>
          {count && <span className="shrink-0 tabular-nums">{count}</span>}
        </div>
      )}
      {error && (
        <p id={fieldErrorId(id)} role="alert" className="mt-1.5 font-medium text-danger text-sm leading-snug" data-testid="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** An input with a fixed prefix (the @ of an X account). */
export function PrefixedInput({ prefix, className, ...props }: ComponentProps<'input'> & { prefix: string }) {
  return (
    <div className="relative">
      <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 left-4 flex items-center text-muted">
        {prefix}
      </span>
      <input {...props} className={cn(inputClass, 'pl-9', className)} />
    </div>
  );
}

/** A text area in the inputs' look, growing downwards. */
export function TextArea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cn(inputClass, 'min-h-24 resize-y py-3 leading-relaxed', className)} {...props} />;
}
