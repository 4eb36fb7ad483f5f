import { AppError, ErrorCode, type ShareGrant, type SuiteGrant, WorkspaceRole } from '@dq/contracts';
import {
  type SuiteAccessSubject,
  grantSatisfies,
  maxShareFor,
  requireSuiteGrant,
  suiteGrantFor,
  suiteNotFoundError,
} from './suite-access';

type User = { id: string; role: WorkspaceRole; is_workspace_admin: boolean };

const ada: User = { id: 'ada', role: WorkspaceRole.Member, is_workspace_admin: false };
const vic: User = { id: 'vic', role: WorkspaceRole.Viewer, is_workspace_admin: false };
const root: User = { id: 'root', role: WorkspaceRole.Admin, is_workspace_admin: true };
const flaglessAdmin: User = { id: 'fla', role: WorkspaceRole.Admin, is_workspace_admin: false };

const suite = (ownerId: string, shares: [string, ShareGrant][] = []): SuiteAccessSubject => ({
  ownerId,
  shares: shares.map(([userId, grant]) => ({ userId, grant })),
});

describe('suiteGrantFor', () => {
  const rows: [string, User, SuiteAccessSubject, SuiteGrant | null][] = [
    ['the owner', ada, suite('ada'), 'owner'],
    ['an owner who is also workspace admin', root, suite('root'), 'owner'],
    ['a workspace admin who does not own it', root, suite('ada'), 'admin'],
    ['a workspace admin with a view share', root, suite('ada', [['root', 'view']]), 'admin'],
    ['a member with an edit share', ada, suite('bob', [['ada', 'edit']]), 'edit'],
    ['a member with a view share', ada, suite('bob', [['ada', 'view']]), 'view'],
    [
      'a member with both a view and an edit share',
      ada,
      suite('bob', [
        ['ada', 'view'],
        ['ada', 'edit'],
      ]),
      'edit',
    ],
    ['a viewer with an edit share (capped)', vic, suite('bob', [['vic', 'edit']]), 'view'],
    ['a viewer with a view share', vic, suite('bob', [['vic', 'view']]), 'view'],
    ['a member with no share', ada, suite('bob'), null],
    ['a member when only someone else has a share', ada, suite('bob', [['carl', 'edit']]), null],
    ['a viewer with no share', vic, suite('bob'), null],
    ['role admin without is_workspace_admin and no share', flaglessAdmin, suite('bob'), null],
  ];

  it.each(rows)('%s -> %s', (_case, user, subject, expected) => {
    expect(suiteGrantFor(user, subject)).toBe(expected);
  });
});

describe('requireSuiteGrant', () => {
  const thrownBy = (fn: () => unknown): AppError => {
    try {
      fn();
    } catch (error) {
      return error as AppError;
    }
    throw new Error('expected a throw');
  };

  it('hides a suite the caller has no grant on exactly like a suite that does not exist', () => {
    const error = thrownBy(() => requireSuiteGrant(ada, suite('bob'), 'view'));
    expect(error).toBeInstanceOf(AppError);
    expect(error.status).toBe(404);
    expect(error.toBody()).toEqual(suiteNotFoundError().toBody());
    expect(JSON.stringify(error.toBody())).toBe(JSON.stringify(suiteNotFoundError().toBody()));
  });

  it('lets an incident or asset endpoint answer its own not-found', () => {
    const notFound = () => new AppError(ErrorCode.NotFound, 'Incident not found', {});
    const error = thrownBy(() => requireSuiteGrant(ada, suite('bob'), 'view', notFound));
    expect(error.toBody()).toEqual(notFound().toBody());
  });

  // [grant held, needed, allowed]
  const grants: SuiteGrant[] = ['view', 'edit', 'admin', 'owner'];
  const matrix = grants.flatMap((held, heldIndex) =>
    grants.map((needed, neededIndex) => [held, needed, heldIndex >= neededIndex] as const),
  );

  it.each(matrix)('holding %s, needing %s: allowed %s', (held, needed, allowed) => {
    const user = held === 'admin' ? root : ada;
    const subject =
      held === 'owner' ? suite(user.id) : held === 'admin' ? suite('bob') : suite('bob', [[user.id, held]]);
    if (allowed) {
      expect(requireSuiteGrant(user, subject, needed)).toBe(held);
    } else {
      const error = thrownBy(() => requireSuiteGrant(user, subject, needed));
      expect(error.code).toBe(ErrorCode.Forbidden);
      expect(error.status).toBe(403);
    }
  });

  it('refuses edit to a viewer holding an edit share (403, since they can see it)', () => {
    const error = thrownBy(() => requireSuiteGrant(vic, suite('bob', [['vic', 'edit']]), 'edit'));
    expect(error.code).toBe(ErrorCode.Forbidden);
  });
});

describe('grantSatisfies and maxShareFor', () => {
  it('orders view < edit < admin < owner', () => {
    expect(grantSatisfies('owner', 'admin')).toBe(true);
    expect(grantSatisfies('view', 'edit')).toBe(false);
  });

  it.each([
    [WorkspaceRole.Admin, 'edit'],
    [WorkspaceRole.Member, 'edit'],
    [WorkspaceRole.Viewer, 'view'],
  ] as const)('%s can receive at most %s', (role, share) => {
    expect(maxShareFor(role)).toBe(share);
  });
});
