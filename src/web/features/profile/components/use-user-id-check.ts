import { checkUserIdLocally, PROFILE_MESSAGES } from '@shared/rules/profile';
import { useEffect, useState } from 'react';
import { checkUserId } from '../api/check-user-id';

export type UserIdCheck = { state: 'idle' } | { state: 'checking' } | { state: 'available' } | { state: 'unavailable'; reason: string };

/** The live check runs 500 ms after typing stops (listener spec §4 User-ID availability, L-4.8-01). */
export const USER_ID_CHECK_DELAY_MS = 500;

/**
 * idle, checking, available or unavailable with a reason. Too short, a bad character or a reserved word
 * is answered here with no server call; the member's own current ID needs no check.
 */
export function useUserIdCheck(value: string, current: string | null): UserIdCheck {
  const [result, setResult] = useState<UserIdCheck>({ state: 'idle' });
  useEffect(() => {
    const id = value.trim();
    setResult({ state: 'idle' });
    if (!id || id === current) return;
    const abort = new AbortController();
    const timer = setTimeout(async () => {
      const local = checkUserIdLocally(id);
      if (local) {
        setResult({ state: 'unavailable', reason: local.reason });
        return;
      }
      setResult({ state: 'checking' });
      try {
        const answer = await checkUserId(id, abort.signal);
        setResult(answer.available ? { state: 'available' } : { state: 'unavailable', reason: answer.reason });
      } catch (e) {
        if (abort.signal.aborted) return;
        console.error('[profile] user ID check failed', e);
        setResult({ state: 'unavailable', reason: PROFILE_MESSAGES.checkFailed });
      }
    }, USER_ID_CHECK_DELAY_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [value, current]);
  return result;
}
