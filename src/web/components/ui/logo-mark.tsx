import { cn } from '@web/lib/cn';

/** The ∞ mark of the app icon. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" className={cn('shrink-0', className)}>
      <rect width="64" height="64" rx="16" className="fill-accent" />
      <path
        d="M32 32C36 26 40 23 45 23a9 9 0 0 1 0 18c-5 0-9-3-13-9s-8-9-13-9a9 9 0 0 0 0 18c5 0 9-3 13-9z"
        fill="none"
        strokeWidth="5.5"
        strokeLinejoin="round"
        className="stroke-accent-fg"
      />
    </svg>
  );
}
