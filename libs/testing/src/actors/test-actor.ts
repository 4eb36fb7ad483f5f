import { randomUUID } from 'node:crypto';
import { type WorkspaceRole } from '@dq/contracts';

/** The shape of `@dq/auth`'s `Actor`, written here: auth's own specs use this library. */
export interface TestActor {
  user: { id: string; email: string; display_name: string; role: WorkspaceRole; is_workspace_admin: boolean };
  credential: string;
}

/** An actor for a service-level spec: a member by default; `admin` makes them a workspace admin. */
export function testActor(
  id: string = randomUUID(),
  options: { role?: WorkspaceRole; admin?: boolean; credential?: string } = {},
): TestActor {
  const admin = options.admin ?? false;
  return {
    user: {
      id,
      email: `${id}@example.test`,
      display_name: id,
      role: options.role ?? (admin ? 'admin' : 'member'),
      is_workspace_admin: admin,
    },
    credential: options.credential ?? 'pat:test',
  };
}
