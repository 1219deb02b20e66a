import { APP_TEXT } from '@shared/messages/app';
import { ThemeToggle } from '@web/components/layout/theme-toggle';
import { ClosesDialog } from '@web/components/ui/dialog';
import { Drawer } from '@web/components/ui/drawer';
import { LogoMark } from '@web/components/ui/logo-mark';
import { disablePush, enablePush, pushPermission } from '@web/features/notifications/api/push';
import { usePremium } from '@web/features/premium/api/get-premium-status';
import { PremiumMemberLabel } from '@web/features/premium/components/premium-member-label';
import { InstallGuideDialog } from '@web/features/pwa/components/install-guide-dialog';
import { PwaSettingsDialog } from '@web/features/pwa/components/pwa-settings-dialog';
import { cn } from '@web/lib/cn';
import { usePwaMode } from '@web/lib/pwa';
import {
  ChevronRight,
  CircleQuestionMark,
  Crown,
  FileText,
  type LucideIcon,
  Scale,
  Settings,
  Shield,
  Smartphone,
  UserPlus,
} from 'lucide-react';
import { type ReactNode, type RefObject, useState } from 'react';
import { Link } from 'react-router';

const LINKS = [
  { to: '/invite-friends', label: APP_TEXT.links.inviteFriendsLabel, icon: UserPlus },
  { to: '/faq', label: APP_TEXT.links.faqLabel, icon: CircleQuestionMark },
  { to: '/terms', label: APP_TEXT.links.termsLabel, icon: FileText },
  { to: '/privacy', label: APP_TEXT.links.privacyLabel, icon: Shield },
  { to: '/commercial-law', label: APP_TEXT.links.commercialLawLabel, icon: Scale },
  { to: '/premium', label: APP_TEXT.links.premiumLabel, icon: Crown },
] as const;

/** The push switch of the PWA settings, from the notifications feature. */
const PUSH = { enable: enablePush, disable: disablePush, permission: pushPermission };

/**
 * The menu side drawer (L-2.4-27): links, the install guide, PWA settings in PWA mode, and the theme
 * toggle. It lives in app/ because it puts together the premium, pwa and notifications features.
 * Loaded on the first tap of the menu button (menu-drawer.tsx), which stays the focus target.
 */
interface MenuDrawerPanelProps {
  open: boolean;
  setOpen: (open: boolean) => void;
  /** The menu button: focus goes back to it when the drawer closes. */
  buttonRef: RefObject<HTMLButtonElement | null>;
}

export function MenuDrawerPanel({ open, setOpen, buttonRef }: MenuDrawerPanelProps) {
  const [dialog, setDialog] = useState<'install' | 'pwa' | null>(null);
  const pwa = usePwaMode();
  const { isPremium } = usePremium();
  // The drawer closes and the chosen dialog opens in its place.
  const openDialog = (which: 'install' | 'pwa') => {
    setOpen(false);
    setDialog(which);
  };
  return (
    <>
      <Drawer
        open={open}
        onOpenChange={setOpen}
        title={APP_TEXT.menuDrawerPanel.title}
        description={APP_TEXT.menuDrawerPanel.description}
        closeLabel={APP_TEXT.menuDrawerPanel.ariaLabel}
        leading={<LogoMark className="size-7" />}
        returnFocus={buttonRef}
      >
        <nav aria-label={APP_TEXT.menuDrawerPanel.title} className="flex-1 overflow-y-auto p-2">
          <PremiumMemberLabel />
          <ul className="space-y-0.5">
            {LINKS.map(({ to, label, icon: Icon }) => (
              <li key={to}>
                <ClosesDialog>
                  <Link to={to} className="flex min-h-12 items-center gap-3 rounded-xl px-3 hover:bg-surface">
                    <Icon
                      aria-hidden="true"
                      className={cn('size-5', to === '/premium' ? 'text-amber-700 dark:text-amber-400' : 'text-muted')}
                    />
                    <span className="flex-1">{label}</span>
                    <ChevronRight aria-hidden="true" className="size-4 text-muted" />
                  </Link>
                </ClosesDialog>
              </li>
            ))}
          </ul>
          <div className="my-2 border-border border-t" />
          <MenuButton
            icon={Smartphone}
            label={APP_TEXT.menuDrawerPanel.installGuide}
            onClick={() => openDialog('install')}
            testId="menu-install-guide"
          >
            <span className="rounded-full bg-surface-2 px-2 py-0.5 text-fg text-xs">{APP_TEXT.menuDrawerPanel.comingSoon}</span>
          </MenuButton>
          {pwa && (
            <MenuButton
              icon={Settings}
              label={APP_TEXT.menuDrawerPanel.pwaSettings}
              onClick={() => openDialog('pwa')}
              testId="menu-pwa-settings"
            />
          )}
          <ThemeToggle />
        </nav>
        <p className="px-5 py-3 text-muted text-xs">{APP_TEXT.menuDrawerPanel.tagline}</p>
      </Drawer>
      <InstallGuideDialog open={dialog === 'install'} onOpenChange={(o) => setDialog(o ? 'install' : null)} />
      {pwa && (
        <PwaSettingsDialog isPremium={isPremium} push={PUSH} open={dialog === 'pwa'} onOpenChange={(o) => setDialog(o ? 'pwa' : null)} />
      )}
    </>
  );
}

interface MenuButtonProps {
  icon: LucideIcon;
  label: string;
  onClick: () => void;
  testId: string;
  /** A note before the chevron (準備中). */
  children?: ReactNode;
}

/** A row of the drawer that opens a dialog in the drawer's place. */
function MenuButton({ icon: Icon, label, onClick, testId, children }: MenuButtonProps) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="flex min-h-12 w-full items-center gap-3 rounded-xl px-3 text-left hover:bg-surface"
      data-testid={testId}
    >
      <Icon aria-hidden="true" className="size-5 text-muted" />
      <span className="flex-1">{label}</span>
      {children}
      <ChevronRight aria-hidden="true" className="size-4 text-muted" />
    </button>
  );
}
