import { SEARCH_TEXT } from '@shared/messages/search';
import { Search, X } from 'lucide-react';
import { type FormEvent, useRef } from 'react';

interface SearchBoxProps {
  value: string;
  onChange: (value: string) => void;
  /** Enter: search now, without waiting for the debounce. */
  onSubmit: () => void;
}

/** The search page's box: a search landmark, a clear button while it holds text, Enter to search now. */
export function SearchBox({ value, onChange, onSubmit }: SearchBoxProps) {
  const input = useRef<HTMLInputElement>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
    // Closes the on-screen keyboard on phones so the results can be seen.
    input.current?.blur();
  };
  return (
    <search aria-label={SEARCH_TEXT.searchBox.ariaLabel}>
      <form onSubmit={submit} className="relative">
        <Search aria-hidden="true" className="-translate-y-1/2 pointer-events-none absolute top-1/2 left-4 size-5 text-muted" />
        <input
          ref={input}
          type="search"
          inputMode="search"
          enterKeyHint="search"
          autoComplete="off"
          aria-label={SEARCH_TEXT.searchBox.searchInputLabel}
          placeholder={SEARCH_TEXT.searchBox.searchInputPlaceholder}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          maxLength={200}
          className="min-h-12 w-full rounded-full border border-border bg-surface py-2 pr-12 pl-11 text-base placeholder:text-muted focus:border-accent focus:outline-none focus-visible:ring-2 focus-visible:ring-accent/40 [&::-webkit-search-cancel-button]:hidden"
          data-testid="search-input"
        />
        {value && (
          <button
            type="button"
            onClick={() => {
              onChange('');
              input.current?.focus();
            }}
            aria-label={SEARCH_TEXT.searchBox.ariaLabel2}
            className="-translate-y-1/2 absolute top-1/2 right-1 inline-flex size-11 items-center justify-center rounded-full text-muted hover:bg-surface-2 hover:text-fg"
          >
            <X aria-hidden="true" className="size-5" />
          </button>
        )}
      </form>
    </search>
  );
}
