import * as client from 'openid-client';
import type { Identity, IdentityProvider, SignInFlow } from './types';

export interface OidcSettings {
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
}

/**
 * Google sign-in by OpenID Connect (authorization code + PKCE + state + nonce, id_token verified by
 * openid-client). Any issuer works, so tests run the same flow against a local mock provider.
 */
export function oidcIdentity(settings: OidcSettings): IdentityProvider {
  let configPromise: Promise<client.Configuration> | undefined;
  const insecure = new URL(settings.issuerUrl).protocol === 'http:';
  const configuration = () => {
    configPromise ??= client
      .discovery(
        new URL(settings.issuerUrl),
        settings.clientId,
        settings.clientSecret,
        undefined,
        insecure ? { execute: [client.allowInsecureRequests] } : undefined,
      )
      .catch((err) => {
        // Try discovery again on the next sign-in rather than failing forever.
        configPromise = undefined;
        throw err;
      });
    return configPromise;
  };

  return {
    name: 'google',
    async start({ redirectUri }) {
      const config = await configuration();
      const codeVerifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
        prompt: 'select_account',
      });
      return { url: url.toString(), flow: { state, nonce, codeVerifier } };
    },

    /** Exchanges the code and verifies the id_token (signature, issuer, audience, expiry, nonce). */
    async finish(currentUrl: URL, flow: SignInFlow): Promise<Identity> {
      const config = await configuration();
      const tokens = await client.authorizationCodeGrant(config, currentUrl, {
        pkceCodeVerifier: flow.codeVerifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('no id_token claims');
      const verified = claims.email_verified === true || claims.email_verified === 'true';
      return {
        issuer: String(claims.iss),
        subject: String(claims.sub),
        email: verified && typeof claims.email === 'string' ? claims.email.toLowerCase() : null,
        name: typeof claims.name === 'string' ? claims.name : null,
        picture: typeof claims.picture === 'string' ? claims.picture : null,
      };
    },
  };
}
