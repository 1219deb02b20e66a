import { CLAIMS_TEXT } from '@shared/messages/claims';

/**
 * Google's Search Suggestions for a grounded answer (`searchEntryPoint.renderedContent`), shown as
 * Google's terms require, as given, but never inside this page: in a sandboxed frame with no scripts and
 * an opaque origin (it can read nothing of the site), links opening in a new tab.
 */
export function SearchSuggestions({ html }: { html: string }) {
  return (
    <iframe
      title={CLAIMS_TEXT.searchSuggestions}
      sandbox="allow-popups allow-popups-to-escape-sandbox"
      referrerPolicy="no-referrer"
      srcDoc={`<!doctype html><base target="_blank"><body style="margin:0">${html}</body>`}
      className="mt-3 h-16 w-full border-0"
      data-testid="search-suggestions"
    />
  );
}
