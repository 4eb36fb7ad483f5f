import { actorOf } from './actor';

describe('actorOf', () => {
  const user = {
    id: 'u1',
    email: 'u1@example.test',
    display_name: 'u1',
    role: 'member',
    is_workspace_admin: false,
  } as const;

  it('keeps the user and labels the credential with its kind and row id', () => {
    expect(actorOf({ user, credential: { kind: 'pat', id: 'k1' } })).toEqual({ user, credential: 'pat:k1' });
  });

  it('labels a credential without a row by its kind alone', () => {
    expect(actorOf({ user, credential: { kind: 'identity_provider', id: null } }).credential).toBe(
      'identity_provider',
    );
  });
});
