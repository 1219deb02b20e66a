import { ADMIN_TEXT } from '@shared/messages/admin';
import { cn } from '@web/lib/cn';
import { Activity, AudioLines, Lightbulb, Users } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useSearchParams } from 'react-router';
import { AudioTab } from '../audio/components/audio-tab';
import { AdminLayout } from '../components/admin-layout';
import { UsersTab } from '../members/components/members-tab';
import { MonitoringTab } from '../monitoring/components/monitoring-tab';
import { ThemesTab } from '../themes/components/themes-tab';

/** The console's tabs (spec §2.4); テーマ管理 is the default. The tab is kept in ?tab= so a reload stays. */
export const ADMIN_TABS = ['audio', 'users', 'themes', 'monitoring'] as const;
type AdminTab = (typeof ADMIN_TABS)[number];
const DEFAULT_TAB: AdminTab = 'themes';
const ICONS = { audio: AudioLines, users: Users, themes: Lightbulb, monitoring: Activity } as const;

const isTab = (v: string | null): v is AdminTab => ADMIN_TABS.includes(v as AdminTab);

export function AdminRoute() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab = isTab(requested) ? requested : DEFAULT_TAB;
  return (
    <AdminLayout title={ADMIN_TEXT.title} back={{ to: '/', label: ADMIN_TEXT.shell.backHome }}>
      <Tabs.Root
        value={tab}
        onValueChange={(value) =>
          setParams(
            (prev) => {
              const next = new URLSearchParams();
              next.set('tab', value);
              // A tab's own state (its sub-tab, page, search) belongs to that tab only.
              void prev;
              return next;
            },
            { replace: true, preventScrollReset: true },
          )
        }
      >
        <Tabs.List aria-label={ADMIN_TEXT.shell.tabsLabel} className="grid grid-cols-4 gap-1 rounded-2xl bg-surface p-1">
          {ADMIN_TABS.map((value) => {
            const Icon = ICONS[value];
            return (
              <Tabs.Trigger
                key={value}
                value={value}
                className={cn(
                  'inline-flex min-h-11 items-center justify-center gap-1.5 rounded-xl px-1 font-medium text-muted text-sm transition-colors',
                  'hover:text-fg data-[state=active]:bg-bg data-[state=active]:text-fg data-[state=active]:shadow-sm',
                )}
              >
                <Icon aria-hidden="true" className="hidden size-4 shrink-0 sm:block" />
                <span className="truncate">{ADMIN_TEXT.tabs[value]}</span>
              </Tabs.Trigger>
            );
          })}
        </Tabs.List>
        <Tabs.Content value="audio" className="mt-5 outline-none">
          <AudioTab />
        </Tabs.Content>
        <Tabs.Content value="users" className="mt-5 outline-none">
          <UsersTab />
        </Tabs.Content>
        <Tabs.Content value="themes" className="mt-5 outline-none">
          <ThemesTab />
        </Tabs.Content>
        <Tabs.Content value="monitoring" className="mt-5 outline-none">
          <MonitoringTab />
        </Tabs.Content>
      </Tabs.Root>
    </AdminLayout>
  );
}
