import { STORAGE_KEYS } from '@shared/constants';
import { ADMIN_TEXT } from '@shared/messages/admin';
import { Button } from '@web/components/ui/button';
import { ApiError } from '@web/lib/api';
import { serverMessage } from '@web/lib/server-message';
import { readStored, removeStored, writeStored } from '@web/lib/storage';
import { type FormEvent, useId, useState } from 'react';
import { useAdminLogin } from '../api/status';

const T = ADMIN_TEXT.login;

/**
 * The console's sign-in (spec §2.4): username, password, 「ログイン情報を保存」. Saving keeps only the
 * username in this browser and asks the server for a longer session; the password and the session are
 * never stored by the page (the session is an HttpOnly cookie).
 */
export function AdminLoginForm({ disabledMessage }: { disabledMessage?: string }) {
  const saved = readStored('local', STORAGE_KEYS.adminUsername);
  const [username, setUsername] = useState(saved ?? '');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(saved !== null);
  const [error, setError] = useState<string | null>(null);
  const login = useAdminLogin();
  const id = useId();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!username.trim() || !password) return;
    setError(null);
    login.mutate(
      { username: username.trim(), password, remember },
      {
        onSuccess: () => {
          if (remember) writeStored('local', STORAGE_KEYS.adminUsername, username.trim());
          else removeStored('local', STORAGE_KEYS.adminUsername);
          setPassword('');
        },
        onError: (err) => {
          // 401 is the spec's 認証に失敗しました; 429 and 503 carry the server's own sentence; no answer at all is a connection error.
          if (err instanceof ApiError && err.status === 401) setError(T.failed);
          else if (err instanceof ApiError && err.status < 500) setError(serverMessage(err) ?? T.failed);
          else if (err instanceof ApiError && err.status === 503) setError(serverMessage(err) ?? T.connectionError);
          else setError(T.connectionError);
        },
      },
    );
  };

  return (
    <div className="mx-auto flex w-full max-w-sm flex-1 flex-col justify-center px-4 py-10">
      <form onSubmit={submit} className="rounded-2xl border border-border bg-surface p-6 shadow-sm" aria-labelledby={`${id}-h`} noValidate>
        <h1 id={`${id}-h`} className="font-bold text-xl">
          {T.heading}
        </h1>
        <p className="mt-1 text-muted text-sm">{T.lead}</p>
        {disabledMessage && (
          <p role="alert" className="mt-4 rounded-xl bg-danger/10 p-3 text-danger text-sm">
            {disabledMessage}
          </p>
        )}
        <label htmlFor={`${id}-u`} className="mt-5 block font-medium text-sm">
          {T.username}
        </label>
        <input
          id={`${id}-u`}
          name="username"
          autoComplete="username"
          required
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          className="mt-1 w-full rounded-xl border border-border bg-bg px-3 py-2.5 text-base outline-none focus-visible:ring-2 focus-visible:ring-accent"
        />
        <label htmlFor={`${id}-p`} className="mt-4 block font-medium text-sm">
          {T.password}
        </label>
        <input
          id={`${id}-p`}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          className="mt-1 w-full rounded-xl border border-border bg-bg px-3 py-2.5 text-base outline-none focus-visible:ring-2 focus-visible:ring-accent"
        />
        <label className="mt-4 flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={remember}
            onChange={(e) => setRemember(e.target.checked)}
            aria-describedby={`${id}-r`}
            className="size-4 accent-accent"
          />
          {T.remember}
        </label>
        <p id={`${id}-r`} className="mt-1 pl-6 text-muted text-xs">
          {T.rememberHint}
        </p>
        {error && (
          <p role="alert" data-testid="admin-login-error" className="mt-4 text-danger text-sm">
            {error}
          </p>
        )}
        <Button
          type="submit"
          className="mt-6 w-full"
          disabled={login.isPending || !username.trim() || !password || Boolean(disabledMessage)}
        >
          {login.isPending ? T.submitting : T.submit}
        </Button>
      </form>
    </div>
  );
}
