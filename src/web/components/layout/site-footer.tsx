import { SHELL_TEXT } from '@shared/messages/shell';
import { cn } from '@web/lib/cn';
import { Link } from 'react-router';

const T = SHELL_TEXT.siteFooter;
const LINKS = [
  { to: '/faq', label: T.faq },
  { to: '/contact', label: T.contact },
  { to: '/terms', label: T.terms },
  { to: '/privacy', label: T.privacy },
  { to: '/commercial-law', label: T.commercialLaw },
] as const;

/**
 * The support and legal links at the end of a page (the site's footer of the FAQ, contact, legal and
 * premium pages; the menu drawer has them on every page). The current page is marked, not linked.
 */
export function SiteFooter({
  current,
  className = 'mt-12',
}: {
  current?: string /** Its place in the page (a margin above it by default). */;
  className?: string;
}) {
  return (
    <footer className={cn('border-border border-t pt-5 pb-2 text-sm', className)} data-testid="site-footer">
      <nav aria-label={T.label}>
        <ul className="flex flex-wrap gap-x-1 gap-y-1">
          {LINKS.map(({ to, label }) => (
            <li key={to}>
              {to === current ? (
                <span aria-current="page" className="inline-flex min-h-11 items-center px-2 font-medium text-fg">
                  {label}
                </span>
              ) : (
                <Link
                  to={to}
                  className="inline-flex min-h-11 items-center rounded-lg px-2 text-muted underline-offset-4 hover:text-fg hover:underline"
                >
                  {label}
                </Link>
              )}
            </li>
          ))}
        </ul>
      </nav>
      <p className="mt-2 px-2 text-muted text-xs">{T.copyright}</p>
    </footer>
  );
}
