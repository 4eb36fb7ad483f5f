import { useEffect, useState } from 'react';

/** What the web host offers for signing in (`GET /auth/modes`). */
export interface SignInModes {
  email_otp: boolean;
  oidc: { provider_name: string; login_path: string } | null;
}

/** When the host can not say (the development server without the web host): email codes, as before. */
export const EMAIL_ONLY: SignInModes = { email_otp: true, oidc: null };

function isSignInModes(value: unknown): value is SignInModes {
  const modes = value as Partial<SignInModes> | null;
  return (
    typeof modes?.email_otp === 'boolean' &&
    (modes.oidc === null ||
      (typeof modes.oidc?.provider_name === 'string' && typeof modes.oidc.login_path === 'string'))
  );
}

export async function fetchSignInModes(fetcher: typeof fetch = fetch): Promise<SignInModes> {
  const response = await fetcher('/auth/modes', { headers: { accept: 'application/json' } });
  const body: unknown = response.ok ? await response.json().catch(() => null) : null;
  return isSignInModes(body) ? body : EMAIL_ONLY;
}

let loading: Promise<SignInModes> | undefined;
let loaded: SignInModes | undefined;

/**
 * The modes, fetched once per page load (they are the deployment's). Kept outside the query cache,
 * which is emptied whenever a session ends, exactly when the sign-in page needs them.
 */
export function useSignInModes(): SignInModes | undefined {
  const [modes, setModes] = useState<SignInModes | undefined>(loaded);
  useEffect(() => {
    let mounted = true;
    loading ??= fetchSignInModes().catch(() => EMAIL_ONLY);
    void loading.then((answer) => {
      loaded = answer;
      if (mounted) setModes(answer);
    });
    return () => {
      mounted = false;
    };
  }, []);
  return modes;
}

/** Where the "Sign in with …" button goes: the host's login path, back to `from` afterwards. */
export function providerSignInHref(modes: SignInModes, from: string): string | null {
  if (!modes.oidc) return null;
  const back = from.startsWith('/') && !from.startsWith('/sign-in') ? from : '/';
  return `${modes.oidc.login_path}?return_to=${encodeURIComponent(back)}`;
}

/**
 * Ends the web host's identity-provider session (its HttpOnly cookie): the provider's end-session
 * address to go to next, or null when there is none (no such session, or the host has no provider).
 */
export async function endProviderSession(fetcher: typeof fetch = fetch): Promise<string | null> {
  try {
    const response = await fetcher('/auth/oidc/logout', {
      method: 'POST',
      headers: { accept: 'application/json' },
    });
    if (!response.ok) return null;
    const body = (await response.json()) as { redirect_to?: unknown };
    return typeof body.redirect_to === 'string' ? body.redirect_to : null;
  } catch {
    return null;
  }
}
