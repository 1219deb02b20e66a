import type { IdentityProvider } from './types';

/**
 * The offline sign-in of a laptop (never in production, never with Google configured): the start leads
 * to the development account chooser (GET /api/auth/dev), where an e-mail is the identity, so
 * `npm start` can be tried without a Google project.
 */
export function offlineIdentity(): IdentityProvider {
  return {
    name: 'offline',
    async start({ target, invitationCode }) {
      const params = new URLSearchParams({ redirect: target });
      if (invitationCode) params.set('code', invitationCode);
      return { url: `/api/auth/dev?${params}`, flow: null };
    },
    offlineIdentity: ({ email, name }) => ({ issuer: 'dev', subject: email, email, name, picture: null }),
  };
}
