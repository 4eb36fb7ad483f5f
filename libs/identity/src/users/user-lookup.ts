import { type DataSource, type EntityManager, In } from 'typeorm';
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

/** The users with these ids, by id (one statement; unknown ids are absent). */
export async function userSummariesByIds(
  db: DataSource | EntityManager,
  ids: readonly string[],
): Promise<Map<string, UserSummary>> {
  if (ids.length === 0) return new Map();
  const users = await db.getRepository(UserEntity).find({
    select: { id: true, email: true, displayName: true, role: true, status: true },
    where: { id: In([...new Set(ids)]) },
  });
  return new Map(users.map((user) => [user.id, user]));
}
