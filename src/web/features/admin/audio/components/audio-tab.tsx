import { ADMIN_AUDIO_TEXT } from '@shared/messages/admin-audio';
import { Tab, TabList, TabPanel, Tabs } from '@web/components/ui/tabs';
import { useSearchParams } from 'react-router';
import { GenerateForm } from '../../themes/components/generate-form';
import { AudioFileList } from './audio-file-list';
import { AudioUploadForm } from './audio-upload-form';
import { ReadingsSection } from './readings-section';

const VIEWS = ['list', 'upload', 'generate', 'readings'] as const;
type AudioView = (typeof VIEWS)[number];
const isView = (v: string | null): v is AudioView => VIEWS.includes(v as AudioView);

/**
 * The console's tab 音声管理: sub-tabs ファイル一覧, アップロード, AI生成 (spec §2.4, C-2.4-04) and 読み辞書
 * (issue 25.3). The
 * sub-tab, the list's page and its search are kept in the address (?view=, ?page=, ?q=) beside ?tab=.
 */
export function AudioTab() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('view');
  const view: AudioView = isView(requested) ? requested : 'list';
  const setView = (next: string, extra?: Record<string, string>) =>
    setParams(
      (prev) => {
        const p = new URLSearchParams({ tab: prev.get('tab') ?? 'audio', view: next });
        for (const [k, v] of Object.entries(extra ?? {})) p.set(k, v);
        return p;
      },
      { replace: true, preventScrollReset: true },
    );

  return (
    <Tabs look="underline" value={view} onValueChange={(v) => setView(v)}>
      <TabList aria-label={ADMIN_AUDIO_TEXT.subTabsLabel}>
        {VIEWS.map((v) => (
          <Tab key={v} value={v}>
            {ADMIN_AUDIO_TEXT.subTabs[v]}
          </Tab>
        ))}
      </TabList>
      <TabPanel value="list" className="mt-4">
        <AudioFileList />
      </TabPanel>
      <TabPanel value="upload" className="mt-4">
        {/* After an upload, the list from its first page, where the new track is on top. */}
        <AudioUploadForm onUploaded={() => setView('list')} />
      </TabPanel>
      <TabPanel value="generate" className="mt-4">
        <GenerateForm />
      </TabPanel>
      <TabPanel value="readings" className="mt-4">
        <ReadingsSection />
      </TabPanel>
    </Tabs>
  );
}
