import type { Config } from '../../config';
import { offlineIdentity } from './offline';
import { oidcIdentity } from './oidc';
import type { IdentityProvider } from './types';

/**
 * The sign-in of config: Google (OpenID Connect) when configured; the offline sign-in otherwise, never in
 * production (null there: sign-in answers 503 until Google is configured).
 */
export function createIdentity(config: Pick<Config, 'oidc' | 'devLogin'>): IdentityProvider | null {
  if (config.oidc) return oidcIdentity(config.oidc);
  if (config.devLogin) return offlineIdentity();
  return null;
}
