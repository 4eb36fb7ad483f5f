import * as client from 'openid-client';

export interface RelyingPartySettings {
  issuer: string;
  clientId: string;
  /** Unset: a public client (PKCE alone, no client authentication). */
  clientSecret?: string;
  redirectUri: string;
  /** Where the provider sends the browser after RP-initiated logout. */
  postLogoutRedirectUri: string;
  scopes: string;
  /** Plain http to the provider (loopback development and tests; refused in production by the config). */
  allowHttp: boolean;
  /** Per request to the provider. */
  timeoutSeconds?: number;
}

/** What the browser carries between the redirect to the provider and the callback (sealed). */
export interface SignInFlow {
  state: string;
  nonce: string;
  verifier: string;
  /** A path on this host to land on afterwards. */
  returnTo: string;
}

/** The tokens of a signed-in browser (sealed in its cookie, never shown to its scripts). */
export interface SignedInSession {
  accessToken: string;
  /** Seconds since the epoch; unset when the provider did not say. */
  accessTokenExpiresAt?: number;
  refreshToken?: string;
  /** Sent back as `id_token_hint` on logout. */
  idToken?: string;
}

/** Why a callback did not sign the browser in; the host turns it into an error page. */
export type SignInFailureKind = 'refused' | 'invalid' | 'unreachable';

export class SignInFailure extends Error {
  constructor(
    readonly kind: SignInFailureKind,
    /** Safe to log: error names and OAuth error codes, never a token. */
    readonly detail: string,
  ) {
    super(`identity-provider sign-in failed (${kind}): ${detail}`);
  }
}

/**
 * The web host as an OpenID Connect relying party, through openid-client: discovery (once,
 * retried after a failure), the authorization URL with state, nonce and a PKCE S256 challenge,
 * the code exchange with its ID token checks, refresh and the RP-initiated logout URL.
 */
export class OidcRelyingParty {
  private configuration?: Promise<client.Configuration>;

  constructor(private readonly settings: RelyingPartySettings) {}

  async startSignIn(returnTo: string): Promise<{ authorizationUrl: string; flow: SignInFlow }> {
    const configuration = await this.discovered();
    const flow: SignInFlow = {
      state: client.randomState(),
      nonce: client.randomNonce(),
      verifier: client.randomPKCECodeVerifier(),
      returnTo,
    };
    const url = client.buildAuthorizationUrl(configuration, {
      redirect_uri: this.settings.redirectUri,
      scope: this.settings.scopes,
      response_type: 'code',
      code_challenge: await client.calculatePKCECodeChallenge(flow.verifier),
      code_challenge_method: 'S256',
      state: flow.state,
      nonce: flow.nonce,
    });
    return { authorizationUrl: url.toString(), flow };
  }

  /** Exchanges the callback's code; `query` is the callback's query string as received. */
  async finishSignIn(query: string, flow: SignInFlow): Promise<SignedInSession> {
    const configuration = await this.discovered();
    // The callback URL from configuration, not from the request's Host header.
    const callback = new URL(this.settings.redirectUri);
    callback.search = query;
    try {
      const tokens = await client.authorizationCodeGrant(configuration, callback, {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      return sessionOf(tokens);
    } catch (error) {
      throw failureOf(error);
    }
  }

  /** A fresh access token from the refresh token; the old refresh and ID tokens stay when none are sent. */
  async refresh(session: SignedInSession): Promise<SignedInSession> {
    if (!session.refreshToken) throw new SignInFailure('invalid', 'no refresh token');
    const configuration = await this.discovered();
    try {
      const tokens = await client.refreshTokenGrant(configuration, session.refreshToken);
      const next = sessionOf(tokens);
      return {
        ...next,
        refreshToken: next.refreshToken ?? session.refreshToken,
        idToken: next.idToken ?? session.idToken,
      };
    } catch (error) {
      throw failureOf(error);
    }
  }

  /** The provider's end-session URL for RP-initiated logout, when it publishes one. */
  async endSessionUrl(session: SignedInSession | undefined): Promise<string | undefined> {
    const configuration = await this.discovered();
    if (!configuration.serverMetadata().end_session_endpoint) return undefined;
    return client
      .buildEndSessionUrl(configuration, {
        post_logout_redirect_uri: this.settings.postLogoutRedirectUri,
        ...(session?.idToken ? { id_token_hint: session.idToken } : {}),
      })
      .toString();
  }

  private discovered(): Promise<client.Configuration> {
    if (!this.configuration) {
      const { issuer, clientId, clientSecret, allowHttp, timeoutSeconds } = this.settings;
      this.configuration = client
        .discovery(
          new URL(issuer),
          clientId,
          clientSecret,
          clientSecret === undefined ? client.None() : undefined,
          {
            ...(allowHttp ? { execute: [client.allowInsecureRequests] } : {}),
            timeout: timeoutSeconds ?? 10,
          },
        )
        .catch((error: unknown) => {
          // Not cached: the next sign-in asks the provider again.
          this.configuration = undefined;
          throw failureOf(error, 'unreachable');
        });
    }
    return this.configuration;
  }
}

function sessionOf(
  tokens: client.TokenEndpointResponse & client.TokenEndpointResponseHelpers,
): SignedInSession {
  const expiresIn = tokens.expiresIn();
  return {
    accessToken: tokens.access_token,
    ...(expiresIn !== undefined ? { accessTokenExpiresAt: Math.floor(Date.now() / 1000) + expiresIn } : {}),
    ...(tokens.refresh_token ? { refreshToken: tokens.refresh_token } : {}),
    ...(tokens.id_token ? { idToken: tokens.id_token } : {}),
  };
}

/** Sorts openid-client's errors by what the person can do about them; the detail carries no token. */
function failureOf(error: unknown, fallback: SignInFailureKind = 'invalid'): SignInFailure {
  if (error instanceof SignInFailure) return error;
  if (error instanceof client.AuthorizationResponseError) {
    return new SignInFailure('refused', `provider answered ${error.error}`);
  }
  if (error instanceof client.ResponseBodyError) {
    return new SignInFailure('invalid', `token endpoint answered ${error.status} ${error.error}`);
  }
  const code = (error as { code?: unknown } | null)?.code;
  const name = error instanceof Error ? error.name : 'error';
  if (name === 'TimeoutError' || name === 'AbortError' || (error instanceof TypeError && !code)) {
    return new SignInFailure('unreachable', name);
  }
  return new SignInFailure(fallback, typeof code === 'string' ? `${name} ${code}` : name);
}
