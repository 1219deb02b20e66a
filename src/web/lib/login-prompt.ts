import { createContext, useContext } from 'react';

/** Opens the login modal; after sign-in the listener comes back to `returnTo` (default: this page). */
export interface LoginPrompt {
  openLogin: (returnTo?: string) => void;
}

export const LoginPromptContext = createContext<LoginPrompt | null>(null);

export function useLoginPrompt(): LoginPrompt {
  const ctx = useContext(LoginPromptContext);
  if (!ctx) throw new Error('useLoginPrompt needs the LoginPromptProvider');
  return ctx;
}
