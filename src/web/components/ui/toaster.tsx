import { TOAST_DURATION_MS } from '@shared/constants';
import { SHELL_TEXT } from '@shared/messages/shell';
import { cn } from '@web/lib/cn';
import { dismissToast, useToasts } from '@web/lib/toast';
import { X } from 'lucide-react';
import { Toast } from 'radix-ui';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';

/**
 * Renders the one current toast (L-8-39); F8 moves focus to the region (L-9-13). `focusOnMount`: an F8
 * was pressed before this was loaded (ToasterHost), so focus the region once it is here.
 */
export function Toaster({ focusOnMount = false }: { focusOnMount?: boolean }) {
  const toasts = useToasts();
  const viewport = useRef<HTMLOListElement>(null);
  useEffect(() => {
    if (focusOnMount) viewport.current?.focus();
  }, [focusOnMount]);
  return (
    <Toast.Provider duration={TOAST_DURATION_MS} label={SHELL_TEXT.toaster.label} swipeDirection="up">
      {toasts.map((t) => (
        <Toast.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(t.id);
          }}
          data-variant={t.variant}
          className={cn(
            'pointer-events-auto relative flex w-full items-start gap-3 rounded-2xl border p-4 pr-12 shadow-card',
            'data-[state=open]:animate-toast-in data-[state=closed]:animate-fade-in data-[state=closed]:opacity-0',
            t.variant === 'destructive' ? 'border-danger/40 bg-danger-soft text-danger' : 'border-border bg-bg text-fg',
          )}
        >
          <div className="min-w-0">
            <Toast.Title className="font-semibold leading-snug">{t.title}</Toast.Title>
            {t.description && <Toast.Description className="mt-0.5 text-sm leading-relaxed opacity-90">{t.description}</Toast.Description>}
            {t.action && (
              <Toast.Action altText={t.action.label} asChild>
                <Link
                  to={t.action.href}
                  onClick={() => dismissToast(t.id)}
                  className="mt-2 inline-flex min-h-11 items-center rounded-full bg-accent px-4 font-medium text-accent-fg text-sm hover:bg-accent-hover"
                >
                  {t.action.label}
                </Link>
              </Toast.Action>
            )}
          </div>
          <Toast.Close
            aria-label={SHELL_TEXT.toaster.ariaLabel}
            className="absolute top-1.5 right-1.5 inline-flex size-11 items-center justify-center rounded-full opacity-70 hover:opacity-100"
          >
            <X className="size-4" aria-hidden="true" />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport
        ref={viewport}
        label={SHELL_TEXT.toaster.label2}
        className="fixed inset-x-0 top-[calc(4rem+env(safe-area-inset-top))] z-[60] mx-auto flex w-[min(28rem,calc(100%-2rem))] flex-col gap-2 outline-none"
      />
    </Toast.Provider>
  );
}
