import type { DataSource, EntityManager } from 'typeorm';
import { CheckEntity } from '../entities';

/** A check's id and current name, or null when it was deleted since. */
export async function checkNameById(
  db: DataSource | EntityManager,
  id: string,
): Promise<{ id: string; name: string } | null> {
  return db.getRepository(CheckEntity).findOne({ select: { id: true, name: true }, where: { id } });
}
