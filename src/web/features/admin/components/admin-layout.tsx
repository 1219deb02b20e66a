import { ADMIN_API_MESSAGES, ADMIN_TEXT } from '@shared/messages/admin';
import { useQueryClient } from '@tanstack/react-query';
import { LogoMark } from '@web/components/ui/logo-mark';
import { ToasterHost } from '@web/components/ui/toaster-host';
import { ApiError } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { LogOut } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { Link } from 'react-router';
import { type AdminStatus, useAdminLogout, useAdminStatus } from '../api/status';
import { AdminLoginForm } from './login-form';

/**
 * Every /admin page: the console's own header (no listener navigation or player), and the sign-in form
 * until this browser holds an operator session (spec §2.4: unknown, authenticated, not authenticated).
 * An admin call answered 401 later (the session ended) brings the form back.
 */
export function AdminLayout({ title, back, children }: { title: string; back?: { to: string; label: string }; children: ReactNode }) {
  useDocumentTitle(title);
  const status = useAdminStatus();
  const logout = useAdminLogout();
  useSignOutOn401();

  let body: ReactNode;
  if (status.isPending) {
    body = (
      <p role="status" className="p-8 text-center text-muted text-sm">
        {ADMIN_TEXT.login.checking}
      </p>
    );
  } else if (status.isError) {
    body = <AdminLoginForm disabledMessage={ADMIN_TEXT.login.connectionError} />;
  } else if (!status.data.authenticated) {
    body = <AdminLoginForm disabledMessage={status.data.enabled ? undefined : ADMIN_API_MESSAGES.consoleOff} />;
  } else {
    body = children;
  }

  return (
    <div className="flex min-h-dvh flex-col bg-bg text-fg" data-testid="admin-console">
      <header className="sticky top-0 z-30 border-border border-b bg-bg/95 backdrop-blur">
        <div className="mx-auto flex h-14 w-full max-w-6xl items-center gap-2 px-3 sm:gap-3 sm:px-4">
          <Link to="/admin" className="flex items-center gap-2 font-bold">
            <LogoMark className="size-7" />
            <span className="whitespace-nowrap">{ADMIN_TEXT.title}</span>
          </Link>
          <div className="ml-auto flex items-center gap-0.5 sm:gap-2">
            {back && (
              <Link
                to={back.to}
                className="whitespace-nowrap rounded-full px-2 py-2 text-muted text-sm hover:bg-surface hover:text-fg sm:px-3"
              >
                {back.label}
              </Link>
            )}
            {status.data?.authenticated && (
              <button
                type="button"
                onClick={() => logout.mutate()}
                disabled={logout.isPending}
                className="inline-flex min-h-10 items-center gap-1.5 whitespace-nowrap rounded-full px-2 text-muted text-sm hover:bg-surface hover:text-fg sm:px-3"
              >
                <LogOut aria-hidden="true" className="size-4" />
                {ADMIN_TEXT.shell.logout}
              </button>
            )}
          </div>
        </div>
      </header>
      <main id="main" className="mx-auto flex w-full max-w-6xl flex-1 flex-col px-4 pt-4 pb-12">
        {body}
      </main>
      <ToasterHost />
    </div>
  );
}

/** An admin call answered 401 means the session is gone: the status says so and the form shows. */
function useSignOutOn401() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        const key = event.query.queryKey;
        if (event.type !== 'updated' || key[0] !== 'admin' || key[1] === 'status') return;
        const error = event.query.state.error;
        if (error instanceof ApiError && error.status === 401) {
          queryClient.setQueryData<AdminStatus>(queryKeys.admin.status(), (s) => (s ? { ...s, authenticated: false } : s));
        }
      }),
    [queryClient],
  );
}
