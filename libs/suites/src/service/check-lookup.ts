import type { DataSource, EntityManager } from 'typeorm';
import { CheckEntity } from '../entities';

/** A check's id and current name, or null when it was deleted since. */
export async function checkNameById(
  db: DataSource | EntityManager,
  id: string,
): Promise<{ id: string; name: string } | null> {
  return db.getRepository(CheckEntity).findOne({ select: { id: true, name: true }, where: { id } });
}

/** A check as an incident's evidence card shows it: now, and the thresholds of the version that failed. */
export interface CheckEvidenceSummary {
  id: string;
  name: string;
  kind: string;
  current_version: number;
  /** The thresholds of `version` (its recorded version, else the check's current ones); null when none. */
  thresholds: Record<string, unknown> | null;
}

/** The check and the thresholds its version `version` judged by; null when the check was deleted. */
export async function checkEvidenceById(
  db: DataSource | EntityManager,
  id: string,
  version: number,
): Promise<CheckEvidenceSummary | null> {
  const [row] = await db.query<
    { id: string; name: string; kind: string; version: number; thresholds: Record<string, unknown> | null }[]
  >(
    `SELECT c."id", c."name", c."kind", c."version",
            CASE WHEN v."version" IS NULL THEN c."thresholds" ELSE v."thresholds" END AS "thresholds"
       FROM "checks" c
       LEFT JOIN "check_versions" v ON v."check_id" = c."id" AND v."version" = $2
      WHERE c."id" = $1`,
    [id, version],
  );
  if (row === undefined) return null;
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    current_version: row.version,
    thresholds: row.thresholds,
  };
}
