import { PREMIUM_PAGES_TEXT } from '@shared/messages/premium-pages';
import { formatDateJa } from '@shared/rules/format';
import { pauseWindow } from '@shared/rules/premium';
import { LoginRequiredNotice } from '@web/components/layout/login-required-notice';
import { Button } from '@web/components/ui/button';
import { ListError } from '@web/components/ui/list-state';
import { Skeleton } from '@web/components/ui/skeleton';
import { useUser } from '@web/lib/auth';
import { cn } from '@web/lib/cn';
import { serverMessage } from '@web/lib/server-message';
import { toast } from '@web/lib/toast';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { CalendarClock, CirclePause, Crown, LoaderCircle, X } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { type Subscription, useCancelSubscription, usePauseSubscription, useSubscription } from '../api/subscription';
import { clearPremiumFallback } from '../stores/premium-fallback';

const T = PREMIUM_PAGES_TEXT.cancelPage;

/**
 * /cancel (creator-operator spec §2.3): the subscription's state, then for an active one the two steps:
 * 1. the 90-day pause offer (once per lifetime; hidden once used), cancel anyway, or continue;
 * 2. the final confirmation with what is lost and that premium lasts to the period end.
 * Pause and cancel are real calls (POST /api/premium/pause, /api/premium/cancel); each ends with its
 * toast and home, or the spec's 一時停止失敗 / キャンセル失敗.
 */
export function CancelRoute() {
  useDocumentTitle(T.documentTitle);
  const { user, isPending } = useUser();
  if (isPending) return <CancelSkeleton />;
  if (!user) {
    return (
      <LoginRequiredNotice returnTo="/cancel" testId="cancel-login-required">
        {T.loginRequired}
      </LoginRequiredNotice>
    );
  }
  return <CancelFlow userId={user.id} />;
}

function CancelFlow({ userId }: { userId: string }) {
  const subscription = useSubscription(userId);
  return (
    <div className="mx-auto w-full max-w-xl px-4 pt-6 pb-10" data-testid="cancel-page">
      <h1 className="font-bold text-xl">{T.title}</h1>
      <div className="mt-4">
        {subscription.isPending ? (
          <CancelSkeleton inline />
        ) : subscription.isError ? (
          <ListError what={T.what} onRetry={() => void subscription.refetch()} testId="subscription-error" />
        ) : (
          <>
            <SubscriptionCard subscription={subscription.data} />
            {subscription.data.status === 'active' && <Steps userId={userId} subscription={subscription.data} />}
          </>
        )}
      </div>
    </div>
  );
}

/** The plan and its state: renews on, ends on (cancelling), resumes on (paused), or none. */
function SubscriptionCard({ subscription: s }: { subscription: Subscription }) {
  const date = (iso: string | null) => (iso ? formatDateJa(iso) : '');
  const line =
    s.status === 'active'
      ? T.active(date(s.currentPeriodEnd))
      : s.status === 'cancelling'
        ? T.cancelling(date(s.currentPeriodEnd))
        : s.status === 'paused'
          ? s.isPremium && s.currentPeriodEnd
            ? T.pauseScheduled(date(s.currentPeriodEnd), date(s.pausedUntil))
            : T.paused(date(s.pausedUntil))
          : T.none;
  return (
    <section className="rounded-3xl bg-surface p-5" data-testid="subscription-state" data-status={s.status}>
      <p className="flex items-center gap-2 font-semibold">
        {s.status === 'paused' ? (
          <CirclePause aria-hidden="true" className="size-5 text-muted" />
        ) : (
          <Crown aria-hidden="true" className="size-5 text-accent" />
        )}
        {T.planName}
      </p>
      <p className="mt-2 flex items-start gap-2 text-muted text-sm leading-relaxed">
        <CalendarClock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>{line}</span>
      </p>
      {s.status !== 'active' && (
        <div className="mt-4 flex flex-wrap gap-2">
          {s.status === 'none' && (
            <Button asChild>
              <Link to="/premium">{T.premiumLink}</Link>
            </Button>
          )}
          <Button asChild variant="secondary">
            <Link to="/">{T.home}</Link>
          </Button>
        </div>
      )}
    </section>
  );
}

function Steps({ userId, subscription }: { userId: string; subscription: Subscription }) {
  const [step, setStep] = useState<1 | 2>(1);
  const navigate = useNavigate();
  const pauseCall = usePauseSubscription(userId);
  const cancel = useCancelSubscription(userId);
  const busy = pauseCall.isPending || cancel.isPending;
  const periodEnd = subscription.currentPeriodEnd ? formatDateJa(subscription.currentPeriodEnd) : null;
  // The pause the member would ask for: from the paid period's end, 90 days (#24.9; the server's own rule).
  const pause = pauseWindow(subscription.currentPeriodEnd, new Date());

  // mutateAsync: the answer replaces the subscription (this step unmounts), the toast and home still follow.
  const onPause = async () => {
    try {
      const s = await pauseCall.mutateAsync();
      clearPremiumFallback();
      const description =
        s.pausedUntil && s.currentPeriodEnd ? T.pausedDetail(formatDateJa(s.currentPeriodEnd), formatDateJa(s.pausedUntil)) : undefined;
      toast({ title: T.paused_toast, description });
      await navigate('/');
    } catch (e) {
      toast({ title: T.pauseFailed, description: serverMessage(e) ?? T.failedDetail, variant: 'destructive' });
    }
  };
  const onCancel = async () => {
    try {
      const s = await cancel.mutateAsync();
      clearPremiumFallback();
      toast({ title: T.cancelled, description: s.currentPeriodEnd ? T.cancelledDetail(formatDateJa(s.currentPeriodEnd)) : undefined });
      await navigate('/');
    } catch (e) {
      toast({ title: T.cancelFailed, description: serverMessage(e) ?? T.failedDetail, variant: 'destructive' });
    }
  };

  if (step === 1) {
    return (
      <StepCard step={1} title={subscription.pauseUsed ? T.pauseUsedTitle : T.pauseTitle} testId="cancel-step-1">
        {subscription.pauseUsed ? (
          <p className="text-muted text-sm" data-testid="pause-used">
            {T.pauseUsed}
          </p>
        ) : (
          <>
            <Points
              points={T.pausePoints}
              icon={<CirclePause aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent" />}
              testId="pause-offer"
            />
            <Note testId="pause-dates">{T.pauseDates(formatDateJa(pause.from), formatDateJa(pause.until))}</Note>
          </>
        )}
        <div className="mt-5 flex flex-col gap-2">
          {!subscription.pauseUsed && (
            <Button size="lg" onClick={() => void onPause()} disabled={busy}>
              {pauseCall.isPending && <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />}
              {pauseCall.isPending ? T.working : T.pause}
            </Button>
          )}
          <Button size="lg" variant="secondary" onClick={() => setStep(2)} disabled={busy}>
            {T.cancelAnyway}
          </Button>
          <Button asChild size="lg" variant="ghost">
            <Link to="/">{T.keep}</Link>
          </Button>
        </div>
      </StepCard>
    );
  }

  return (
    <StepCard step={2} title={T.confirmTitle} testId="cancel-step-2">
      <p className="text-sm">{T.lossesLead}</p>
      <Points
        points={T.losses}
        icon={<X aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-danger" />}
        testId="cancel-losses"
        className="mt-3"
      />
      <Note testId="cancel-until">{periodEnd ? T.until(periodEnd) : T.untilPeriodEnd}</Note>
      <div className="mt-5 flex flex-col gap-2">
        <Button
          size="lg"
          variant="secondary"
          className="border-danger/40 text-danger hover:bg-danger-soft"
          onClick={() => void onCancel()}
          disabled={busy}
        >
          {cancel.isPending && <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />}
          {cancel.isPending ? T.working : T.cancelFully}
        </Button>
        <Button size="lg" variant="secondary" onClick={() => setStep(1)} disabled={busy}>
          {subscription.pauseUsed ? T.back : T.backToPause}
        </Button>
      </div>
    </StepCard>
  );
}

function StepCard({ step, title, testId, children }: { step: 1 | 2; title: string; testId: string; children: ReactNode }) {
  return (
    <section
      className="mt-4 rounded-3xl border border-border bg-bg p-5 shadow-card"
      aria-labelledby={`${testId}-title`}
      data-testid={testId}
    >
      <p className="font-medium text-accent text-xs">{T.stepLabel(step)}</p>
      <h2 id={`${testId}-title`} className="mt-1 font-bold text-lg leading-snug [word-break:auto-phrase]">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

/** A step's points, each after its icon: the pause's terms, the cancel's losses. */
function Points({ points, icon, testId, className }: { points: readonly string[]; icon: ReactNode; testId: string; className?: string }) {
  return (
    <ul className={cn('space-y-2', className)} data-testid={testId}>
      {points.map((point) => (
        <li key={point} className="flex items-start gap-2 text-sm leading-relaxed">
          {icon}
          {point}
        </li>
      ))}
    </ul>
  );
}

/** A step's closing note on the accent ground: the pause's dates, how long premium lasts. */
function Note({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <p className="mt-4 rounded-xl bg-accent-soft px-3 py-2 text-sm leading-relaxed" data-testid={testId}>
      {children}
    </p>
  );
}

function CancelSkeleton({ inline }: { inline?: boolean }) {
  return (
    <div role="status" aria-label={T.documentTitle} className={inline ? undefined : 'mx-auto w-full max-w-xl px-4 pt-6'}>
      <Skeleton className="h-28 rounded-3xl" />
      <Skeleton className="mt-4 h-64 rounded-3xl" />
    </div>
  );
}
