import { SHELL_TEXT } from '@shared/messages/shell';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LogoMark } from '../ui/logo-mark';

/** The header: the logo home and, at its end, the menu the app puts in (app/menu/menu-drawer.tsx). */
export function AppHeader({ menu }: { menu: ReactNode }) {
  return (
    <header className="sticky top-0 z-40 border-border/70 border-b bg-bg/90 pt-[env(safe-area-inset-top)] backdrop-blur">
      <div className="mx-auto flex h-14 max-w-3xl items-center justify-between pr-[max(0.5rem,env(safe-area-inset-right))] pl-[max(1rem,env(safe-area-inset-left))] lg:max-w-none lg:pr-4 lg:pl-6">
        <Link to="/" className="-ml-1 flex items-center gap-2 rounded-lg px-1 py-1">
          <LogoMark className="size-8" />
          <span className="font-bold text-xl tracking-wider">{SHELL_TEXT.appHeader.name}</span>
          <span className="mt-1 text-muted text-xs tracking-[0.2em]">MUGEN</span>
          <span className="sr-only">{SHELL_TEXT.appHeader.home}</span>
        </Link>
        {menu}
      </div>
    </header>
  );
}
