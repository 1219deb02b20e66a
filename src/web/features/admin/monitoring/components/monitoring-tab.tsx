import { ADMIN_MONITORING_TEXT } from '@shared/messages/admin-monitoring';
import { formatUptime } from '@shared/rules/admin-monitoring';
import { Button, ButtonLink } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/dialog';
import type { LucideIcon } from 'lucide-react';
import { Activity, HeartPulse, Radio, Timer, Trash2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { SectionHeading } from '../../components/section-heading';
import { useHealth, usePing } from '../api/monitoring';
import { ContactMessages } from './contact-messages';
import { SettingProblems } from './setting-problems';

const T = ADMIN_MONITORING_TEXT.tab;
const P = ADMIN_MONITORING_TEXT.page;

/** The console's tab 監視: health, ping, uptime, the link to /admin/monitoring and the developer reset (spec §2.4). */
export function MonitoringTab() {
  const health = useHealth(false);
  const ping = usePing(false);
  const [asking, setAsking] = useState(false);

  const healthValue = health.isError
    ? P.healthError
    : health.data
      ? health.data.status === 'ok'
        ? P.healthOk
        : P.healthDegraded
      : P.checking;
  const pingValue = ping.isError ? P.pingError : ping.data ? P.pingMs(ping.data.ms) : P.checking;
  const uptimeValue = health.isError ? P.healthError : health.data ? formatUptime(health.data.uptime) : P.checking;

  return (
    <section aria-labelledby="monitoring-heading" className="space-y-4" data-testid="monitoring-tab">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <SectionHeading id="monitoring-heading" title={T.heading} lead={T.lead} />
        <ButtonLink to="/admin/monitoring" data-testid="open-monitoring">
          <Activity aria-hidden="true" className="size-4" />
          {T.openPage}
        </ButtonLink>
      </div>
      <SettingProblems health={health.data} />
      <ul className="grid gap-3 md:grid-cols-3">
        <InfoCard
          icon={HeartPulse}
          title={T.healthCard}
          path="GET /health"
          body={T.healthCardBody}
          value={healthValue}
          testId="card-health"
        />
        <InfoCard icon={Radio} title={T.pingCard} path="GET /ping" body={T.pingCardBody} value={pingValue} testId="card-ping" />
        <InfoCard icon={Timer} title={T.uptimeCard} path="uptime" body={T.uptimeCardBody} value={uptimeValue} testId="card-uptime" />
      </ul>
      <div className="rounded-3xl border border-border border-dashed p-4 sm:p-5">
        <h3 className="font-bold">{T.devTools}</h3>
        <p className="mt-1 text-muted text-sm">{T.devToolsBody}</p>
        <Button variant="secondary" className="mt-3" onClick={() => setAsking(true)} data-testid="clear-storage">
          <Trash2 aria-hidden="true" className="size-4" />
          {T.clearStorage}
        </Button>
      </div>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={T.clearTitle}
        description={T.clearBody}
        confirmLabel={T.clearConfirm}
        onConfirm={() => {
          window.localStorage.clear();
          window.location.reload();
        }}
      />
      <div className="pt-6">
        <ContactMessages />
      </div>
    </section>
  );
}

function InfoCard({
  icon: Icon,
  title,
  path,
  body,
  value,
  testId,
}: {
  icon: LucideIcon;
  title: string;
  path: string;
  body: string;
  value: ReactNode;
  testId: string;
}) {
  return (
    <li className="flex flex-col rounded-3xl bg-surface p-4" data-testid={testId}>
      <div className="flex items-center gap-2">
        <span className="inline-flex size-9 items-center justify-center rounded-full bg-accent-soft text-accent">
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <h3 className="font-bold">{title}</h3>
      </div>
      <p className="mt-2 font-mono text-muted text-xs">{path}</p>
      <p className="mt-1 flex-1 text-muted text-sm">{body}</p>
      <p className="mt-3 font-semibold text-lg tabular-nums" data-testid={`${testId}-value`}>
        {value}
      </p>
    </li>
  );
}
