import { SHELL_TEXT } from '@shared/messages/shell';
import { setTheme, useTheme } from '@web/lib/theme';
import { Moon } from 'lucide-react';
import { Switch } from 'radix-ui';

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
      <Switch.Root
        id="theme-toggle"
        checked={dark}
        onCheckedChange={(on) => setTheme(on ? 'dark' : 'light')}
        data-testid="theme-toggle"
        className="relative inline-flex h-7 w-12 shrink-0 items-center rounded-full bg-surface-2 transition-colors data-[state=checked]:bg-accent"
      >
        <Switch.Thumb className="block size-6 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.375rem]" />
      </Switch.Root>
    </div>
  );
}
