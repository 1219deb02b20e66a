import { PROFILE_TEXT } from '@shared/messages/profile';
import { cn } from '@web/lib/cn';
import type { ComponentProps, ReactNode } from 'react';

export const inputClass =
  'min-h-11 w-full min-w-0 rounded-xl border border-border bg-bg px-3.5 text-base text-fg outline-none transition-colors placeholder:text-muted/70 focus:border-accent focus-visible:outline-2 focus-visible:outline-accent/40 aria-[invalid=true]:border-danger read-only:bg-surface read-only:text-muted';

interface FormFieldProps {
  id: string;
  label: string;
  optional?: boolean;
  error?: string;
  /** Under the input when there is no error (or always, with `keepHint`). */
  hint?: ReactNode;
  children: ReactNode;
}

/** A labelled field with its hint and its error (role=alert, so it is read out when it appears). */
export function FormField({ id, label, optional, error, hint, children }: FormFieldProps) {
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 flex items-baseline gap-2 font-medium text-sm">
        {label}
        {optional && <span className="font-normal text-muted text-xs">{PROFILE_TEXT.formField.optional}</span>}
      </label>
      {children}
      {hint && <div className="mt-1.5 text-muted text-xs leading-relaxed">{hint}</div>}
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1.5 text-danger text-sm leading-snug">
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
      <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 left-3.5 flex items-center text-muted">
        {prefix}
      </span>
      <input {...props} className={cn(inputClass, 'pl-8', className)} />
    </div>
  );
}
