import { SHELL_TEXT } from '@shared/messages/shell';
import { Switch } from '@web/components/ui/switch';
import { setTheme, useTheme } from '@web/lib/theme';
import { Moon } from 'lucide-react';

/** Light or dark (L-2.4-23); the choice is kept in localStorage (L-3-21). */
export function ThemeToggle() {
  const theme = useTheme();
  const dark = theme === 'dark';
  return (
    <div className="flex min-h-12 items-center gap-3 rounded-xl px-3 hover:bg-surface">
      <Moon aria-hidden="true" className="size-5 text-muted" />
      <label htmlFor="theme-toggle" className="flex-1 cursor-pointer self-stretch leading-[3rem]">
        {SHELL_TEXT.themeToggle.label}
      </label>
      <Switch id="theme-toggle" checked={dark} onCheckedChange={(on) => setTheme(on ? 'dark' : 'light')} testId="theme-toggle" />
    </div>
  );
}
