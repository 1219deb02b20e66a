import { ADMIN_MONITORING_TEXT } from '@shared/messages/admin-monitoring';
import { APP_TEXT } from '@shared/messages/app';
import { megabytes } from '@shared/rules/admin';
import { formatUptime, memoryPercent } from '@shared/rules/admin-monitoring';
import { Button } from '@web/components/ui/button';
import { Progress } from '@web/components/ui/progress';
import { cn } from '@web/lib/cn';
import type { LucideIcon } from 'lucide-react';
import { Clock, Database, ExternalLink, HeartPulse, MemoryStick, Radio, RefreshCw, Timer } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { AdminLayout } from '../../components/admin-layout';
import { useHealth, usePing } from '../api/monitoring';
import { SettingProblems } from '../components/setting-problems';

const P = ADMIN_MONITORING_TEXT.page;

const timeOf = (d: Date, withSeconds = true) =>
  new Intl.DateTimeFormat('ja-JP', {
    timeZone: 'Asia/Tokyo',
    hour: '2-digit',
    minute: '2-digit',
    ...(withSeconds ? { second: '2-digit' } : {}),
    hour12: false,
  }).format(d);
const dateOf = (d: Date) =>
  new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', year: 'numeric', month: 'long', day: 'numeric', weekday: 'short' }).format(d);

/** /admin/monitoring: health, uptime, memory, database, ping and a live clock (spec §2.4). */
export function AdminMonitoringRoute() {
  return (
    <AdminLayout title={APP_TEXT.routes.adminMonitoringTitle} back={{ to: '/admin?tab=monitoring', label: P.back }}>
      <Monitoring />
    </AdminLayout>
  );
}

/** The clock, ticking every second (Japan time). */
function LiveClock() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(id);
  }, []);
  return (
    <div className="rounded-3xl bg-accent-soft p-4 text-accent sm:p-5" data-testid="live-clock">
      <p className="flex items-center gap-1.5 font-medium text-sm">
        <Clock aria-hidden="true" className="size-4" />
        {P.clock}
      </p>
      <p className="mt-1 font-bold text-4xl tabular-nums tracking-tight" data-testid="clock-time">
        <time dateTime={now.toISOString()}>{timeOf(now)}</time>
      </p>
      <p className="text-sm">{dateOf(now)}</p>
    </div>
  );
}

function Monitoring() {
  const health = useHealth();
  const ping = usePing();
  const h = health.data;
  const failed = health.isError;

  const healthText = failed ? P.healthError : h ? (h.status === 'ok' ? P.healthOk : P.healthDegraded) : P.checking;
  const healthTone = failed || h?.status === 'degraded' ? 'bad' : h ? 'good' : 'idle';
  const dbText = failed ? P.healthError : h ? (h.database.connected ? P.dbConnected : P.dbDisconnected) : P.checking;
  const dbTone = failed || h?.database.connected === false ? 'bad' : h ? 'good' : 'idle';
  const pingText = ping.isError ? P.pingError : ping.data ? P.pingMs(ping.data.ms) : P.checking;
  const checked = h && !failed ? P.checkedAt(timeOf(new Date(h.timestamp))) : undefined;

  return (
    <div className="space-y-4" data-testid="monitoring-page">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="font-bold text-xl">{P.heading}</h1>
          <p className="text-muted text-sm">{P.lead}</p>
        </div>
        <Button
          variant="secondary"
          onClick={() => {
            void health.refetch();
            void ping.refetch();
          }}
          disabled={health.isFetching || ping.isFetching}
        >
          <RefreshCw aria-hidden="true" className={cn('size-4', (health.isFetching || ping.isFetching) && 'animate-spin')} />
          {P.refresh}
        </Button>
      </div>
      <LiveClock />
      <SettingProblems health={h} />
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <Figure icon={HeartPulse} label={P.health} tone={healthTone} note={checked} testId="figure-health">
          {healthText}
        </Figure>
        <Figure icon={Timer} label={P.uptime} testId="figure-uptime">
          {failed ? P.unknown : h ? formatUptime(h.uptime) : P.checking}
        </Figure>
        <Figure
          icon={MemoryStick}
          label={P.memory}
          testId="figure-memory"
          extra={h && !failed ? <Progress value={memoryPercent(h.memory.used, h.memory.total)} className="mt-2" /> : null}
        >
          {failed ? P.unknown : h ? P.memoryOf(megabytes(h.memory.used), megabytes(h.memory.total)) : P.checking}
        </Figure>
        <Figure icon={Database} label={P.database} tone={dbTone} testId="figure-database">
          {dbText}
        </Figure>
        <Figure
          icon={Radio}
          label={P.ping}
          tone={ping.isError ? 'bad' : ping.data ? 'good' : 'idle'}
          note={ping.data && !ping.isError ? P.checkedAt(timeOf(new Date(ping.data.at))) : undefined}
          testId="figure-ping"
        >
          {pingText}
        </Figure>
      </dl>
      <aside className="rounded-3xl border border-border p-4 sm:p-5" data-testid="uptime-recommendation">
        <h2 className="font-bold">{P.recommendTitle}</h2>
        <p className="mt-1 text-muted text-sm leading-relaxed">{P.recommendBody}</p>
        <a
          href="https://github.com/louislam/uptime-kuma"
          target="_blank"
          rel="noreferrer noopener"
          className="mt-2 inline-flex min-h-11 items-center gap-1.5 font-medium text-accent text-sm hover:underline"
        >
          {P.recommendLink}
          <ExternalLink aria-hidden="true" className="size-4" />
        </a>
      </aside>
    </div>
  );
}

const TONES = {
  good: 'bg-emerald-500',
  bad: 'bg-danger',
  idle: 'bg-surface-2',
} as const;

function Figure({
  icon: Icon,
  label,
  tone,
  note,
  extra,
  testId,
  children,
}: {
  icon: LucideIcon;
  label: string;
  tone?: keyof typeof TONES;
  note?: string;
  extra?: ReactNode;
  testId: string;
  children: ReactNode;
}) {
  return (
    <div className="rounded-3xl bg-surface p-4" data-testid={testId}>
      <dt className="flex items-center gap-1.5 text-muted text-sm">
        <Icon aria-hidden="true" className="size-4" />
        {label}
      </dt>
      <dd className="mt-1">
        <span className="flex items-center gap-2 font-semibold text-xl tabular-nums">
          {tone && <span aria-hidden="true" className={cn('size-2.5 shrink-0 rounded-full', TONES[tone])} />}
          <span data-testid={`${testId}-value`} className={cn(tone === 'bad' && 'text-danger')}>
            {children}
          </span>
        </span>
        {extra}
        {note && <span className="mt-1 block text-muted text-xs">{note}</span>}
      </dd>
    </div>
  );
}
