import type { EntityManager } from 'typeorm';
import type { WorkspaceRole } from '@dq/contracts';
import { UserEntity, type UserStatus } from '../entities';

/** What another context may know of a user: no sign-in or credential columns. */
export interface UserSummary {
  id: string;
  email: string;
  displayName: string | null;
  role: WorkspaceRole;
  status: UserStatus;
}

/** One user by id inside the caller's transaction, or null; the id must already be a UUID. */
export async function userSummaryById(manager: EntityManager, id: string): Promise<UserSummary | null> {
  return manager.getRepository(UserEntity).findOne({
    select: { id: true, email: true, displayName: true, role: true, status: true },
    where: { id },
  });
}
