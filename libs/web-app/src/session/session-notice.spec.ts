import {
  SESSION_ENDED_MESSAGE,
  SIGNED_IN_MARKER,
  SIGNED_OUT_MESSAGE,
  forgetSignedIn,
  memoryStorage,
  messageFor,
  reasonAfterUnauthenticated,
  rememberSignedIn,
} from './session-notice';

describe('session notice', () => {
  it('tells a person whose session was withdrawn or expired that it ended, once', () => {
    const storage = memoryStorage();
    rememberSignedIn(storage);

    expect(reasonAfterUnauthenticated(storage)).toBe('session-ended');
    expect(messageFor('session-ended')).toBe(SESSION_ENDED_MESSAGE);
    expect(storage.getItem(SIGNED_IN_MARKER)).toBeNull();
    expect(reasonAfterUnauthenticated(storage)).toBeNull();
  });

  it('asks a first visitor to sign in without talk of an ended session', () => {
    expect(reasonAfterUnauthenticated(memoryStorage())).toBeNull();
    expect(messageFor(null)).toBeNull();
  });

  it('after a logout says so, not that the session ended', () => {
    const storage = memoryStorage();
    rememberSignedIn(storage);
    forgetSignedIn(storage);

    expect(reasonAfterUnauthenticated(storage)).toBeNull();
    expect(messageFor('signed-out')).toBe(SIGNED_OUT_MESSAGE);
  });
});
