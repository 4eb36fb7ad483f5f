/** What the browser keeps about the session: only whether this tab's person had signed in. */
export interface NoticeStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** The marker: the session itself is an HttpOnly cookie the page cannot read. */
export const SIGNED_IN_MARKER = 'dq.signed-in';

export const SESSION_ENDED_MESSAGE = 'Your session has ended. Sign in again to continue.';
export const SIGNED_OUT_MESSAGE = 'You have signed out.';

/** Why the sign-in page is shown: the message it leads with, or none for a first visit. */
export type SignInReason = 'session-ended' | 'signed-out' | null;

export function messageFor(reason: SignInReason): string | null {
  if (reason === 'session-ended') return SESSION_ENDED_MESSAGE;
  if (reason === 'signed-out') return SIGNED_OUT_MESSAGE;
  return null;
}

export function rememberSignedIn(storage: NoticeStorage): void {
  storage.setItem(SIGNED_IN_MARKER, '1');
}

/** After a deliberate logout: the next sign-in page says so, not that the session ended. */
export function forgetSignedIn(storage: NoticeStorage): void {
  storage.removeItem(SIGNED_IN_MARKER);
}

/**
 * The API answered 401. A person who had signed in lost the session (it expired or was withdrawn)
 * and is told so; a first visit is simply asked to sign in. The marker is spent either way.
 */
export function reasonAfterUnauthenticated(storage: NoticeStorage): SignInReason {
  const hadSession = storage.getItem(SIGNED_IN_MARKER) !== null;
  storage.removeItem(SIGNED_IN_MARKER);
  return hadSession ? 'session-ended' : null;
}

/** A storage that forgets everything, for a browser that refuses `localStorage`. */
export function memoryStorage(): NoticeStorage {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
}
