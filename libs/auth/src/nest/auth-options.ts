import { assertAlgorithmsAllowed } from '../identity-provider/identity-provider-token-verifier';
import { type IdentityProviderOptions } from '../identity-provider/identity-provider-options';

/** How a gateway authenticates; the app builds it from its validated config. */
export interface AuthOptions {
  /** Enterprise identity-provider (SSO) tokens are accepted when present. */
  identityProvider?: IdentityProviderOptions;
  /** Local development only: requests WITHOUT any credential act as this user. */
  devBypass?: { email: string };
}

/** Injection token of the options `AuthModule.forRoot` was given. */
export const AUTH_OPTIONS = Symbol('dq:auth-options');

/** Environments where dev-bypass may run; anything else (production, staging, a typo) refuses it. */
const DEV_BYPASS_ENVIRONMENTS: readonly string[] = ['development', 'test'];

export class AuthOptionsError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(['Invalid authentication options:', ...problems.map((problem) => `  ${problem}`)].join('\n'));
    this.name = 'AuthOptionsError';
  }
}

/**
 * Called by the app at boot, before it listens: options that would open the service fail closed.
 * Dev-bypass outside development/test, symmetric or `none` algorithms, and plain-HTTP identity
 * provider addresses in production are refused.
 */
export function assertAuthOptionsAllowed(options: AuthOptions, nodeEnv: string): void {
  const problems: string[] = [];
  if (options.devBypass) {
    if (!DEV_BYPASS_ENVIRONMENTS.includes(nodeEnv)) {
      problems.push(`devBypass: not allowed with NODE_ENV=${nodeEnv} (only development and test)`);
    }
    if (!/^[^\s@]+@[^\s@]+$/.test(options.devBypass.email))
      problems.push('devBypass.email: not an email address');
  }
  const provider = options.identityProvider;
  if (provider) {
    problems.push(...urlProblems('identityProvider.issuer', provider.issuer, nodeEnv));
    if (provider.jwksUri !== undefined) {
      problems.push(...urlProblems('identityProvider.jwksUri', provider.jwksUri, nodeEnv));
    }
    const audiences = Array.isArray(provider.audience) ? provider.audience : [provider.audience];
    if (audiences.length === 0 || audiences.some((audience) => audience.trim() === '')) {
      problems.push('identityProvider.audience: required');
    }
    try {
      assertAlgorithmsAllowed(provider.algorithms ?? ['RS256']);
    } catch (error) {
      problems.push(`identityProvider.algorithms: ${(error as Error).message}`);
    }
  }
  if (problems.length > 0) throw new AuthOptionsError(problems);
}

function urlProblems(name: string, value: string, nodeEnv: string): string[] {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return [`${name}: not a URL`];
  }
  if (url.protocol === 'https:') return [];
  if (url.protocol === 'http:' && nodeEnv !== 'production') return [];
  return [`${name}: must be https${nodeEnv === 'production' ? ' in production' : ''}`];
}
