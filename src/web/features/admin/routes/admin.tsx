import { ADMIN_TEXT } from '@shared/messages/admin';
import { Tab, TabList, TabPanel, Tabs } from '@web/components/ui/tabs';
import { useTabParam } from '@web/lib/use-tab-param';
import { Activity, AudioLines, Lightbulb, Users } from 'lucide-react';
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
const PANELS = { audio: AudioTab, users: UsersTab, themes: ThemesTab, monitoring: MonitoringTab } as const;

const isTab = (v: string | null): v is AdminTab => ADMIN_TABS.includes(v as AdminTab);

export function AdminRoute() {
  const [tab, setTab] = useTabParam((v) => (isTab(v) ? v : DEFAULT_TAB), { alone: true });
  return (
    <AdminLayout title={ADMIN_TEXT.title} back={{ to: '/', label: ADMIN_TEXT.shell.backHome }}>
      <Tabs look="segmented" value={tab} onValueChange={setTab}>
        <TabList aria-label={ADMIN_TEXT.shell.tabsLabel} className="grid-cols-4">
          {ADMIN_TABS.map((value) => {
            const Icon = ICONS[value];
            return (
              <Tab key={value} value={value}>
                <Icon aria-hidden="true" className="hidden size-4 shrink-0 sm:block" />
                <span className="truncate">{ADMIN_TEXT.tabs[value]}</span>
              </Tab>
            );
          })}
        </TabList>
        {ADMIN_TABS.map((value) => {
          const Panel = PANELS[value];
          return (
            <TabPanel key={value} value={value} className="mt-5">
              <Panel />
            </TabPanel>
          );
        })}
      </Tabs>
    </AdminLayout>
  );
}
