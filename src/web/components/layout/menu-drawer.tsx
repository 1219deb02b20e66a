import { PremiumMemberLabel } from '@web/features/premium/components/premium-member-label';
import { cn } from '@web/lib/cn';
import { ChevronRight, CircleQuestionMark, Crown, FileText, Menu, Scale, Shield, Smartphone, UserPlus, X } from 'lucide-react';
import { Collapsible, Dialog } from 'radix-ui';
import { Link } from 'react-router';
import { LogoMark } from '../ui/logo-mark';
import { ThemeToggle } from './theme-toggle';

const LINKS = [
  { to: '/invite-friends', label: '友達を招待', icon: UserPlus },
  { to: '/faq', label: 'よくある質問', icon: CircleQuestionMark },
  { to: '/terms', label: '利用規約', icon: FileText },
  { to: '/privacy', label: 'プライバシーポリシー', icon: Shield },
  { to: '/commercial-law', label: '特定商取引法に基づく表記', icon: Scale },
  { to: '/premium', label: 'プレミアム', icon: Crown },
] as const;

/** The menu side drawer (L-2.4-27): links, the install guide and the theme toggle. */
export function MenuDrawer() {
  return (
    <Dialog.Root>
      <Dialog.Trigger
        aria-label="メニューを開く"
        className="inline-flex size-11 items-center justify-center rounded-full text-fg hover:bg-surface"
        data-testid="menu-button"
      >
        <Menu aria-hidden="true" className="size-6" />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40 data-[state=open]:animate-fade-in" />
        <Dialog.Content
          className={cn(
            'fixed inset-y-0 right-0 z-50 flex w-[min(20rem,86vw)] flex-col bg-bg shadow-card outline-none data-[state=open]:animate-sheet-in',
            'pt-[env(safe-area-inset-top)] pr-[env(safe-area-inset-right)] pb-[env(safe-area-inset-bottom)]',
          )}
        >
          <div className="flex items-center gap-2 border-border border-b py-2 pr-2 pl-4">
            <LogoMark className="size-7" />
            <Dialog.Title className="flex-1 font-bold text-lg">メニュー</Dialog.Title>
            <Dialog.Close
              aria-label="メニューを閉じる"
              className="inline-flex size-11 items-center justify-center rounded-full hover:bg-surface"
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">サポート、規約、プレミアムへのリンクと表示の設定</Dialog.Description>
          <nav aria-label="メニュー" className="flex-1 overflow-y-auto p-2">
            <PremiumMemberLabel />
            <ul className="space-y-0.5">
              {LINKS.map(({ to, label, icon: Icon }) => (
                <li key={to}>
                  <Dialog.Close asChild>
                    <Link to={to} className="flex min-h-12 items-center gap-3 rounded-xl px-3 hover:bg-surface">
                      <Icon aria-hidden="true" className={cn('size-5', to === '/premium' ? 'text-amber-500' : 'text-muted')} />
                      <span className="flex-1">{label}</span>
                      <ChevronRight aria-hidden="true" className="size-4 text-muted" />
                    </Link>
                  </Dialog.Close>
                </li>
              ))}
            </ul>
            <div className="my-2 border-border border-t" />
            <InstallGuide />
            <ThemeToggle />
          </nav>
          <p className="px-5 py-3 text-muted text-xs">無限 Mugen — AIが話す、終わらないラジオ</p>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** 'ホーム画面に追加': the three steps, marked as coming soon (listener spec §2, Home player). */
function InstallGuide() {
  return (
    <Collapsible.Root>
      <Collapsible.Trigger className="group flex min-h-12 w-full items-center gap-3 rounded-xl px-3 text-left hover:bg-surface">
        <Smartphone aria-hidden="true" className="size-5 text-muted" />
        <span className="flex-1">ホーム画面に追加</span>
        <span className="rounded-full bg-surface-2 px-2 py-0.5 text-muted text-xs">準備中</span>
        <ChevronRight aria-hidden="true" className="size-4 text-muted transition-transform group-data-[state=open]:rotate-90" />
      </Collapsible.Trigger>
      <Collapsible.Content>
        <ol className="mx-3 mb-2 list-decimal space-y-1 rounded-xl bg-surface py-3 pr-3 pl-8 text-sm">
          <li>ブラウザの共有ボタンをタップ</li>
          <li>「ホーム画面に追加」を選択</li>
          <li>「追加」をタップ</li>
        </ol>
      </Collapsible.Content>
    </Collapsible.Root>
  );
}
