import { isPremiumActive } from '@shared/rules/playlist-form';
import { useUser } from '@web/lib/auth';

/**
 * Whether the listener may switch background play on: a premium member. Seam until the premium slice
 * lands: then this returns usePremium().isPremium from
 * src/web/features/premium/api/get-premium-status.ts (GET /api/auth/premium-status with the spec's
 * local fallback); today it reads the signed-in member's premium fields.
 */
export function usePremiumForPwa(): boolean {
  return isPremiumActive(useUser().user);
}
