import { TOAST_REMOVE_DELAY_MS } from '@shared/constants';
import { useSyncExternalStore } from 'react';

/**
 * One toast at a time (L-8-39): a new toast replaces the one showing. A dismissed toast closes at once
 * and is dropped from the store after TOAST_REMOVE_DELAY_MS (L-9-12), as the spec's toast store does.
 */
export interface ToastItem {
  id: number;
  title: string;
  description?: string;
  variant: 'default' | 'destructive';
  /** An optional link under the text (for example to /premium). */
  action?: { label: string; href: string };
  open: boolean;
}

let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const removals = new Map<number, ReturnType<typeof setTimeout>>();

function emit(next: ToastItem[]) {
  items = next;
  for (const l of listeners) l();
}

export function toast(input: {
  title: string;
  description?: string;
  variant?: ToastItem['variant'];
  action?: ToastItem['action'];
}): number {
  const id = nextId++;
  emit([{ id, title: input.title, description: input.description, variant: input.variant ?? 'default', action: input.action, open: true }]);
  return id;
}

export function dismissToast(id: number) {
  emit(items.map((t) => (t.id === id ? { ...t, open: false } : t)));
  if (removals.has(id)) return;
  removals.set(
    id,
    setTimeout(() => {
      removals.delete(id);
      emit(items.filter((t) => t.id !== id));
    }, TOAST_REMOVE_DELAY_MS),
  );
}

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => items,
    () => items,
  );
}

/**
 * What a failed action does: the error to the console under `where`, and a red toast with the
 * catalogue's `title` and `description` for the person (an `onError` or a `catch`).
 */
export const failureToast = (where: string, title: string, description?: string) => (err: unknown) => {
  console.error(where, err);
  toast({ title, description, variant: 'destructive' });
};
