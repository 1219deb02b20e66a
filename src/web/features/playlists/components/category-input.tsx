import { PLAYLISTS_TEXT } from '@shared/messages/playlists';
import { addCategory, categorySuggestions } from '@shared/rules/playlist-form';
import { cn } from '@web/lib/cn';
import { Plus, X } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { useCategorySearch } from '../api/search-categories';

interface CategoryInputProps {
  value: string[];
  onChange: (next: string[]) => void;
  /** Offered while the box is empty; the create page's 15 by default. */
  presets?: readonly string[];
  /** Ask the server for names as the listener types (debounced 300 ms). */
  search?: boolean;
}

/**
 * Several categories, no duplicates: typed and added with Enter, or picked from the suggestions
 * (listener spec §5). Chosen ones show as removable chips.
 */
export function CategoryInput({ value, onChange, presets, search = true }: CategoryInputProps) {
  const id = useId();
  const [text, setText] = useState('');
  const found = useCategorySearch(search ? text : '');
  const fromServer = text.trim() ? (found.data ?? []).map((c) => c.name) : [];
  const suggestions = presets && !text.trim() ? presets.filter((p) => !value.includes(p)) : categorySuggestions(text, fromServer, value);

  const add = (name: string) => {
    onChange(addCategory(value, name));
    setText('');
  };

  return (
    <div>
      <label htmlFor={id} className="font-medium text-sm">
        {PLAYLISTS_TEXT.categoryInput.label}
      </label>
      {value.length > 0 && (
        <ChipList items={value} label={PLAYLISTS_TEXT.categoryInput.chosenCategoriesLabel} className="mt-2" testId="chosen-categories">
          {(c) => (
            <span className="inline-flex min-h-8 items-center gap-1 rounded-full bg-accent pr-1 pl-3 text-accent-fg text-sm">
              {c}
              <button
                type="button"
                aria-label={PLAYLISTS_TEXT.categoryInput.ariaLabel(c)}
                onClick={() => onChange(value.filter((v) => v !== c))}
                className="relative inline-flex size-6 items-center justify-center rounded-full hover:bg-white/20 before:absolute before:-inset-2 before:content-['']"
              >
                <X aria-hidden="true" className="size-3.5" />
              </button>
            </span>
          )}
        </ChipList>
      )}
      <input
        id={id}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          // Enter adds the category; it never submits the form (and waits for the IME to finish).
          if (e.key === 'Enter') {
            e.preventDefault();
            if (!e.nativeEvent.isComposing) add(text);
          }
        }}
        maxLength={30}
        placeholder={PLAYLISTS_TEXT.categoryInput.categoryInputPlaceholder}
        enterKeyHint="done"
        autoComplete="off"
        className="mt-2 block min-h-12 w-full rounded-xl border border-border bg-bg px-4 text-base outline-none placeholder:text-muted focus:border-accent"
        data-testid="category-input"
      />
      {suggestions.length > 0 && (
        <div className="mt-2">
          <p className="text-muted text-xs">{text.trim() ? PLAYLISTS_TEXT.categoryInput.trim : PLAYLISTS_TEXT.categoryInput.notTrim}</p>
          <ChipList
            items={suggestions}
            label={PLAYLISTS_TEXT.categoryInput.categorySuggestionsLabel}
            className="mt-1.5"
            testId="category-suggestions"
          >
            {(s) => (
              <button
                type="button"
                onClick={() => add(s)}
                className={cn(
                  'inline-flex min-h-9 items-center gap-1 rounded-full border border-border bg-surface px-3 text-sm transition-colors',
                  'hover:border-accent/50 hover:text-accent',
                )}
              >
                <Plus aria-hidden="true" className="size-3.5" />
                {s}
              </button>
            )}
          </ChipList>
        </div>
      )}
    </div>
  );
}

interface ChipListProps {
  items: string[];
  label: string;
  className: string;
  testId: string;
  children: (item: string) => ReactNode;
}

/** A wrapping row of category chips, named for screen readers. */
function ChipList({ items, label, className, testId, children }: ChipListProps) {
  return (
    <ul className={cn('flex flex-wrap gap-1.5', className)} aria-label={label} data-testid={testId}>
      {items.map((item) => (
        <li key={item}>{children(item)}</li>
      ))}
    </ul>
  );
}
