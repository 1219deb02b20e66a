/**
 * Who is signing in, as an identity provider proves it (issue 26.5): Google by OpenID Connect, or the
 * offline sign-in of a laptop (the development chooser). The auth feature calls this interface only;
 * its one registration rule (features/auth/service.ts) decides what the identity may do.
 */

export interface Identity {
  issuer: string;
  subject: string;
  email: string | null;
  name: string | null;
  /** What the provider says; never stored (see signInOrRegister). */
  picture: string | null;
}

/** What a sign-in keeps between its start and the provider's callback (auth_flows): one use only. */
export interface SignInFlow {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** Where a sign-in sends the browser, and the flow to keep until the callback (none for the offline sign-in). */
export interface SignInStart {
  url: string;
  flow: SignInFlow | null;
}

export interface IdentityProvider {
  readonly name: 'google' | 'offline';
  /**
   * Begins a sign-in that comes back to `redirectUri` (the provider's callback) and then to `target`.
   * Throws when the provider cannot be reached (OpenID discovery).
   */
  start(input: { redirectUri: string; target: string; invitationCode: string | undefined }): Promise<SignInStart>;
  /** The identity the provider's callback proves (the code exchanged, the id_token verified); absent offline. */
  finish?(currentUrl: URL, flow: SignInFlow): Promise<Identity>;
  /**
   * The offline sign-in: the identity of an e-mail the person typed or chose (the development chooser,
   * never in production nor with Google configured). Absent for a real provider.
   */
  offlineIdentity?(input: { email: string; name: string | null }): Identity;
}
