import { randomUUID } from 'node:crypto';
import { AppError, CredentialKind, ErrorCode, WorkspaceRole } from '@dq/contracts';
import { UserEntity } from '../entities';
import { type IdentityHarness, startIdentityHarness } from '../../test/support/identity-harness';
import { IdentityMismatchError, USER_SEARCH_LIMIT, UsersService } from './users.service';

const LISTED_ADMIN = 'Root@Example.com';

describe('UsersService', () => {
  let harness: IdentityHarness;
  let users: UsersService;

  const storedRole = async (id: string) =>
    (await harness.dataSource.getRepository(UserEntity).findOneByOrFail({ id })).role;

  beforeAll(async () => {
    harness = await startIdentityHarness('users', { workspaceAdminEmails: [LISTED_ADMIN] });
    users = harness.get(UsersService);
  });

  afterAll(async () => {
    await harness?.close();
  });

  it('provisions on first sign-in with a lower-cased e-mail and a default display name', async () => {
    const email = `New.Person-${randomUUID()}@Example.COM`;
    const first = await users.provisionOnSignIn({ email });
    expect(first.created).toBe(true);
    expect(first.user.email).toBe(email.toLowerCase());
    expect(first.user.displayName).toBe(email.split('@')[0].toLowerCase());
    expect(first.user.role).toBe(WorkspaceRole.Member);
    expect(first.user.status).toBe('active');

    const again = await users.provisionOnSignIn({ email: email.toLowerCase(), displayName: 'Other' });
    expect(again).toEqual({ user: expect.objectContaining({ id: first.user.id }), created: false });
  });

  it('creates one user when first sign-ins race', async () => {
    const email = `race-${randomUUID()}@example.com`;
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        users.provisionOnSignIn({ email: index % 2 ? email.toUpperCase() : email }),
      ),
    );
    expect(new Set(results.map((result) => result.user.id)).size).toBe(1);
    expect(results.filter((result) => result.created)).toHaveLength(1);
    expect(await harness.dataSource.getRepository(UserEntity).countBy({ email })).toBe(1);
  });

  it('creates one user when identity-provider first sign-ins race, and links the subject', async () => {
    const email = `sso-${randomUUID()}@example.com`;
    const claims = { email, idpIssuer: 'https://idp.example.com', idpSubject: randomUUID() };
    const results = await Promise.all(Array.from({ length: 6 }, () => users.provisionOnSignIn(claims)));
    expect(new Set(results.map((result) => result.user.id)).size).toBe(1);
    const [stored] = await harness.dataSource.getRepository(UserEntity).findBy({ email });
    expect(stored.idpSubject).toBe(claims.idpSubject);
  });

  it('links an existing e-mail user to its first identity-provider subject and refuses another', async () => {
    const email = `link-${randomUUID()}@example.com`;
    const { user } = await users.provisionOnSignIn({ email });
    const linked = await users.provisionOnSignIn({
      email,
      idpIssuer: 'https://idp',
      idpSubject: 'subject-1',
    });
    expect(linked.user.id).toBe(user.id);
    expect(linked.user.idpSubject).toBe('subject-1');
    await expect(
      users.provisionOnSignIn({ email, idpIssuer: 'https://idp', idpSubject: 'subject-2' }),
    ).rejects.toBeInstanceOf(IdentityMismatchError);
  });

  it('makes a WORKSPACE_ADMIN_EMAILS address Admin without changing its stored role', async () => {
    const { user } = await users.provisionOnSignIn({ email: LISTED_ADMIN });
    const viewer = await users.setRole(user.id, WorkspaceRole.Viewer);
    expect(users.effectiveRole(viewer)).toBe(WorkspaceRole.Admin);
    expect(users.isWorkspaceAdmin(viewer)).toBe(true);
    expect(users.toMeResponse(viewer, CredentialKind.Session)).toEqual({
      id: user.id,
      display_name: viewer.displayName,
      email: 'root@example.com',
      role: WorkspaceRole.Admin,
      is_workspace_admin: true,
      credential: CredentialKind.Session,
    });
    await users.provisionOnSignIn({ email: LISTED_ADMIN });
    expect(await storedRole(user.id)).toBe(WorkspaceRole.Viewer);
  });

  it('treats a stored admin as workspace admin and a stored member as member', async () => {
    const { user } = await users.provisionOnSignIn({ email: `${randomUUID()}@example.com` });
    expect(users.isWorkspaceAdmin(user)).toBe(false);
    const admin = await users.setRole(user.id, WorkspaceRole.Admin);
    expect(users.isWorkspaceAdmin(admin)).toBe(true);
    expect(users.toMeResponse(admin, CredentialKind.PersonalAccessToken).role).toBe(WorkspaceRole.Admin);
  });

  it('updates the display name within the limits and answers 404 for unknown users', async () => {
    const { user } = await users.provisionOnSignIn({ email: `${randomUUID()}@example.com` });
    expect((await users.updateDisplayName(user.id, '  Ada L.  ')).displayName).toBe('Ada L.');
    const error = await users.updateDisplayName(user.id, '   ').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).detail.fields).toEqual([
      { field: 'display_name', problems: [expect.any(String)] },
    ]);
    await expect(users.setRole(randomUUID(), WorkspaceRole.Admin)).rejects.toMatchObject({
      code: ErrorCode.NotFound,
    });
    await expect(users.deactivate('nope')).rejects.toMatchObject({ code: ErrorCode.NotFound });
  });

  describe('search', () => {
    const tag = randomUUID().slice(0, 8);
    /** The first page's users. */
    const search = async (q: string, options: { callerRole: WorkspaceRole }) =>
      (await users.search({ q }, options)).items;
    const make = async (name: string, role: WorkspaceRole = WorkspaceRole.Member) => {
      const { user } = await users.provisionOnSignIn({
        email: `${name.replace(/[^a-z0-9]/gi, '')}.${randomUUID()}@example.com`,
        displayName: `${tag} ${name}`,
      });
      return users.setRole(user.id, role);
    };

    it('matches display name or e-mail case-insensitively, active users only', async () => {
      const ann = await make('Ann Smith');
      const gone = await make('Ann Gone');
      await users.deactivate(gone.id);
      const found = await search(`${tag} ANN`, { callerRole: WorkspaceRole.Member });
      expect(found.map((user) => user.id)).toEqual([ann.id]);
      const byEmail = await search(ann.email.slice(0, 12).toUpperCase(), {
        callerRole: WorkspaceRole.Member,
      });
      expect(byEmail.map((user) => user.id)).toContain(ann.id);
    });

    it('treats % and _ literally', async () => {
      const percent = await make('100% sure');
      const underscore = await make('snake_case');
      await make('1000 sure');
      await make('snakeXcase');
      expect((await search('0% ', { callerRole: WorkspaceRole.Member })).map((u) => u.id)).toEqual([
        percent.id,
      ]);
      expect((await search('e_c', { callerRole: WorkspaceRole.Member })).map((u) => u.id)).toEqual([
        underscore.id,
      ]);
      expect(await search(`${tag}%`, { callerRole: WorkspaceRole.Member })).toEqual([]);
    });

    it('caps Viewers at view, and every result for a Viewer caller', async () => {
      const viewer = await make('Vic Viewer', WorkspaceRole.Viewer);
      const member = await make('Vic Member');
      const asMember = await search(`${tag} vic`, { callerRole: WorkspaceRole.Member });
      expect(asMember.map((user) => [user.id, user.role, user.max_share])).toEqual([
        [member.id, WorkspaceRole.Member, 'edit'],
        [viewer.id, WorkspaceRole.Viewer, 'view'],
      ]);
      const asViewer = await search(`${tag} vic`, { callerRole: WorkspaceRole.Viewer });
      expect(asViewer.map((user) => user.max_share)).toEqual(['view', 'view']);
    });

    it('returns 20 a page, the rest on the next pages, and nothing for a blank query', async () => {
      for (let index = 0; index < USER_SEARCH_LIMIT + 2; index += 1) await make(`bulk ${index}`);
      const first = await users.search({ q: `${tag} bulk` }, { callerRole: WorkspaceRole.Admin });
      expect(first.items).toHaveLength(USER_SEARCH_LIMIT);
      const rest = await users.search(
        { q: `${tag} bulk`, cursor: first.next_cursor ?? undefined },
        { callerRole: WorkspaceRole.Admin },
      );
      expect(rest.items).toHaveLength(2);
      expect(rest.next_cursor).toBeNull();
      const names = [...first.items, ...rest.items].map((user) => user.display_name);
      expect(new Set(names).size).toBe(USER_SEARCH_LIMIT + 2);
      expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : 1)));
      const small = await users.search({ q: `${tag} bulk`, limit: 5 }, { callerRole: WorkspaceRole.Admin });
      expect(small.items).toHaveLength(5);
      expect(await search('   ', { callerRole: WorkspaceRole.Admin })).toEqual([]);
    });
  });
});
