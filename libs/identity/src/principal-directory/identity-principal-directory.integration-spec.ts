import { randomUUID } from 'node:crypto';
import { WorkspaceRole } from '@dq/contracts';
import { WorkspaceMemberEntity, WorkspaceSettingEntity } from '../entities';
import { type IdentityHarness, startIdentityHarness } from '../../test/support/identity-harness';
import { ApiKeysService } from '../api-keys/api-keys.service';
import { MEMBERSHIP_ENFORCED_SETTING, MembershipService } from '../membership/membership.service';
import { SessionsService } from '../sessions/sessions.service';
import { mintPersonalAccessToken } from '../tokens/personal-access-token';
import { mintSessionToken } from '../tokens/session-token';
import { UsersService } from '../users/users.service';
import { IdentityPrincipalDirectory } from './identity-principal-directory';

const BREAK_GLASS = 'owner@example.com';

describe('IdentityPrincipalDirectory and MembershipService', () => {
  let harness: IdentityHarness;
  let directory: IdentityPrincipalDirectory;
  let membership: MembershipService;
  let users: UsersService;
  let apiKeys: ApiKeysService;
  let sessions: SessionsService;

  const newUser = async () => (await users.provisionOnSignIn({ email: `${randomUUID()}@example.com` })).user;
  const setEnforced = (value: boolean) =>
    harness.dataSource
      .getRepository(WorkspaceSettingEntity)
      .save({ key: MEMBERSHIP_ENFORCED_SETTING, value });

  beforeAll(async () => {
    harness = await startIdentityHarness('directory', { workspaceAdminEmails: [BREAK_GLASS] });
    directory = harness.get(IdentityPrincipalDirectory);
    membership = harness.get(MembershipService);
    users = harness.get(UsersService);
    apiKeys = harness.get(ApiKeysService);
    sessions = harness.get(SessionsService);
  });

  afterAll(async () => {
    await harness?.close();
  });

  it('resolves an API key with the effective role, re-read on every call', async () => {
    const user = await newUser();
    const { token, id } = await apiKeys.mint(user.id, { name: 'directory' });
    expect(await directory.findByApiKey(token)).toEqual({
      user: {
        id: user.id,
        email: user.email,
        display_name: user.displayName,
        role: 'member',
        is_workspace_admin: false,
      },
      credentialId: id,
      membershipAllowed: true,
    });
    await users.setRole(user.id, WorkspaceRole.Viewer);
    expect((await directory.findByApiKey(token))?.user.role).toBe(WorkspaceRole.Viewer);
    await users.setRole(user.id, WorkspaceRole.Admin);
    expect((await directory.findByApiKey(token))?.user.is_workspace_admin).toBe(true);
    await users.deactivate(user.id);
    expect(await directory.findByApiKey(token)).toBeNull();
    expect(await directory.findByApiKey(mintPersonalAccessToken())).toBeNull();
  });

  it('resolves a session until it is revoked', async () => {
    const user = await newUser();
    const session = await sessions.create(user.id);
    expect(session.expiresAt.getTime() - Date.now()).toBeGreaterThan(11.9 * 3_600_000);
    expect(await directory.findBySession(session.token)).toMatchObject({
      user: { id: user.id },
      credentialId: session.sessionId,
    });
    await sessions.revoke(session.sessionId);
    await sessions.revoke(session.sessionId);
    expect(await directory.findBySession(session.token)).toBeNull();
    expect(await directory.findBySession(mintSessionToken())).toBeNull();
  });

  it('ends expired sessions, logged-out tokens and every session at offboarding', async () => {
    const user = await newUser();
    const [expired, loggedOut, third, fourth] = await Promise.all(
      [1, 2, 3, 4].map(() => sessions.create(user.id)),
    );
    await harness.dataSource.query(
      `UPDATE sessions SET expires_at = now() - interval '1 second' WHERE id = $1`,
      [expired.sessionId],
    );
    expect(await sessions.resolve(expired.token)).toBeNull();
    await sessions.revokeToken(loggedOut.token);
    expect(await sessions.resolve(loggedOut.token)).toBeNull();
    expect(await sessions.revokeAllFor(user.id)).toBe(3);
    expect(await sessions.resolve(third.token)).toBeNull();
    expect(await sessions.resolve(fourth.token)).toBeNull();
  });

  it('signs in through the identity provider, provisioning once, and refuses a deactivated user', async () => {
    const claims = {
      issuer: 'https://idp.example.com',
      subject: randomUUID(),
      email: `${randomUUID()}@example.com`,
      name: 'Ida P',
    };
    const first = await directory.signInWithIdentityProvider(claims);
    expect(first).toMatchObject({
      user: { email: claims.email, display_name: 'Ida P', role: 'member' },
      credentialId: null,
    });
    const second = await directory.signInWithIdentityProvider(claims);
    expect(second?.user.id).toBe(first?.user.id);
    expect(await directory.signInWithIdentityProvider({ ...claims, subject: 'someone-else' })).toBeNull();
    await users.deactivate(first!.user.id);
    expect(await directory.signInWithIdentityProvider(claims)).toBeNull();
  });

  it('gives the break-glass address Admin on every credential kind', async () => {
    const dev = await directory.findDevUser(BREAK_GLASS);
    expect(dev.user).toMatchObject({ email: BREAK_GLASS, role: 'admin', is_workspace_admin: true });
    const { token } = await apiKeys.mint(dev.user.id, { name: 'break-glass' });
    expect((await directory.findByApiKey(token))?.user.role).toBe(WorkspaceRole.Admin);
  });

  /** An admitted member, an outsider, a withdrawn member and the break-glass admin. */
  const membershipCast = async () => {
    const member = await newUser();
    const outsider = await newUser();
    const withdrawn = await newUser();
    const breakGlass = (await directory.findDevUser(BREAK_GLASS)).user;
    const members = harness.dataSource.getRepository(WorkspaceMemberEntity);
    await members.save([
      { email: member.email, userId: member.id },
      { email: withdrawn.email, userId: withdrawn.id, withdrawnAt: new Date() },
    ]);
    return { member, outsider, withdrawn, breakGlass, members };
  };

  it('allows everyone while membership is not enforced, then only admitted members and break-glass', async () => {
    const { member, outsider, withdrawn, breakGlass, members } = await membershipCast();

    expect(await membership.isEnforced()).toBe(false);
    expect(await directory.isAllowedByMembership({ ...breakGlass, email: outsider.email })).toBe(true);

    await setEnforced(true);
    expect(await membership.isEnforced()).toBe(true);
    expect(await membership.allows(member)).toBe(true);
    expect(await membership.allows(outsider)).toBe(false);
    expect(await membership.allows(withdrawn)).toBe(false);
    expect(await directory.isAllowedByMembership(breakGlass)).toBe(true);

    await members.update({ email: member.email }, { withdrawnAt: new Date() });
    expect(await membership.allows(member)).toBe(false);

    await setEnforced(false);
    expect(await membership.allows(outsider)).toBe(true);
  });

  it('an API key lookup reads membership in the same statement and decides exactly as `allows`', async () => {
    const { member, outsider, withdrawn, breakGlass, members } = await membershipCast();
    const tokens = new Map<string, string>();
    for (const user of [member, outsider, withdrawn, breakGlass])
      tokens.set(user.id, (await apiKeys.mint(user.id, { name: 'membership' })).token);
    const viaKey = async (user: { id: string }) =>
      (await directory.findByApiKey(tokens.get(user.id)!))?.membershipAllowed;

    try {
      for (const enforced of [false, true]) {
        await setEnforced(enforced);
        for (const user of [member, outsider, withdrawn, breakGlass])
          expect(await viaKey(user)).toBe(await membership.allows(user));
      }
      expect(await viaKey(member)).toBe(true);
      expect(await viaKey(outsider)).toBe(false);
      expect(await viaKey(withdrawn)).toBe(false);
      expect(await viaKey(breakGlass)).toBe(true);
      // A withdrawal bites on the next lookup: nothing is cached.
      await members.update({ email: member.email }, { withdrawnAt: new Date() });
      expect(await viaKey(member)).toBe(false);
    } finally {
      await setEnforced(false);
    }
  });
});
