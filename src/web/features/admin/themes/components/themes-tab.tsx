import { ADMIN_TEXT } from '@shared/messages/admin';
import { ScheduledJobs } from './scheduled-jobs';
import { TaskQueue } from './task-queue';
import { ThemeLibrary } from './theme-library';
import { YoutubeExtractForm } from './youtube-form';

/**
 * The console's tab テーマ管理 (spec §2.4): YouTube extraction (and a theme by hand), the theme library
 * and the generation queue with its live progress, and the scheduled jobs under it. One column on a phone; from 1024 px the library and
 * the queue side by side.
 */
export function ThemesTab() {
  return (
    <section data-testid="themes-tab" aria-label={ADMIN_TEXT.tabs.themes}>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)] lg:items-start">
        <div className="space-y-6">
          <YoutubeExtractForm />
          <ThemeLibrary />
        </div>
        <div className="space-y-6">
          <TaskQueue />
          <ScheduledJobs />
        </div>
      </div>
    </section>
  );
}
