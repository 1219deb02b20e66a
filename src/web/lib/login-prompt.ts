import { createContext, useContext } from 'react';

export interface LoginPromptOptions {
  /** Called when the listener closes the modal without signing in (Escape, overlay, close button). */
  onCancel?: () => void;
}

/** Opens the login modal; after sign-in the listener comes back to `returnTo` (default: this page). */
export interface LoginPrompt {
  openLogin: (returnTo?: string, options?: LoginPromptOptions) => void;
}

export const LoginPromptContext = createContext<LoginPrompt | null>(null);

export function useLoginPrompt(): LoginPrompt {
  const ctx = useContext(LoginPromptContext);
  if (!ctx) throw new Error('useLoginPrompt needs the LoginPromptProvider');
  return ctx;
}
