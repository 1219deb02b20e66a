import { PROFILE_MESSAGES } from '@shared/rules/profile';
import { CircleCheck, CircleX, LoaderCircle } from 'lucide-react';
import type { UserIdCheck } from './use-user-id-check';

/** '確認中...', '利用可能です' or the reason (listener spec §5 User-ID live check). */
export function UserIdStatus({ check }: { check: UserIdCheck }) {
  if (check.state === 'idle') return null;
  return (
    <p
      aria-live="polite"
      data-testid="user-id-status"
      data-state={check.state}
      className="mt-1.5 flex items-start gap-1.5 text-sm leading-snug"
    >
      {check.state === 'checking' && (
        <>
          <LoaderCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0 animate-spin text-muted" />
          <span className="text-muted">{PROFILE_MESSAGES.checking}</span>
        </>
      )}
      {check.state === 'available' && (
        <>
          <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600 dark:text-emerald-400" />
          <span className="text-emerald-700 dark:text-emerald-400">{PROFILE_MESSAGES.available}</span>
        </>
      )}
      {check.state === 'unavailable' && (
        <>
          <CircleX aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-danger" />
          <span className="text-danger">{check.reason}</span>
        </>
      )}
    </p>
  );
}
