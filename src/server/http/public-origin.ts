import type { Config } from '../config';

/**
 * The site's public origin for links a person follows or shares (cards, sign-in callbacks, invitation
 * links): PUBLIC_URL when set, else the origin the request came to.
 */
export function publicOrigin(config: Pick<Config, 'publicUrl'>, request?: { protocol: string; host: string }): string {
  if (config.publicUrl) return new URL(config.publicUrl).origin;
  return request ? `${request.protocol}://${request.host}` : 'http://localhost';
}
