import { PREMIUM_PAGES_TEXT } from '@shared/messages/premium-pages';
import { AudioLines, Ban, Download, Gauge, ListMusic, type LucideIcon, Mic, Smartphone, Sparkles } from 'lucide-react';

const ICONS: Record<(typeof PREMIUM_PAGES_TEXT.benefits)[number]['key'], LucideIcon> = {
  'no-ads': Ban,
  quality: AudioLines,
  background: Smartphone,
  offline: Download,
  exclusive: Sparkles,
  speed: Gauge,
  playlists: ListMusic,
  creation: Mic,
};

/** The benefits of premium (creator-operator spec §1, §2.2; C-2.2-01). */
export function PremiumBenefits() {
  return (
    <section aria-labelledby="premium-benefits" data-testid="premium-benefits">
      <h2 id="premium-benefits" className="font-bold text-lg">
        {PREMIUM_PAGES_TEXT.premiumPage.benefitsTitle}
      </h2>
      <ul className="mt-3 grid gap-2 sm:grid-cols-2">
        {PREMIUM_PAGES_TEXT.benefits.map(({ key, title, body }) => {
          const Icon = ICONS[key];
          return (
            <li key={key} className="flex items-start gap-3 rounded-2xl bg-surface p-4">
              <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-accent-soft text-accent">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <span className="min-w-0">
                <span className="block font-semibold [word-break:auto-phrase]">{title}</span>
                <span className="mt-0.5 block text-muted text-sm leading-relaxed [word-break:auto-phrase]">{body}</span>
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
