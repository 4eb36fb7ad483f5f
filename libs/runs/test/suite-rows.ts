import { randomUUID } from 'node:crypto';
import { type DataSource } from 'typeorm';

/**
 * Suites with `enabledChecks` enabled and `disabledChecks` disabled row-count checks each, written
 * straight to the tables (owner and connection are foreign keys no run spec reads). Their ids.
 */
export async function insertSuites(
  dataSource: DataSource,
  count: number,
  { enabledChecks = 1, disabledChecks = 0 }: { enabledChecks?: number; disabledChecks?: number } = {},
): Promise<string[]> {
  const ids = Array.from({ length: count }, () => randomUUID());
  await dataSource.transaction(async (manager) => {
    await manager.query(`SET LOCAL session_replication_role = replica`);
    await manager.query(
      `INSERT INTO suites (id, name, connection_id, target, owner_id)
       SELECT id, 'suite-' || id, $2, 'public.t', $3 FROM unnest($1::uuid[]) AS id`,
      [ids, randomUUID(), randomUUID()],
    );
    const checks = [
      ...Array.from({ length: enabledChecks }, () => true),
      ...Array.from({ length: disabledChecks }, () => false),
    ];
    for (const [index, enabled] of checks.entries()) {
      await manager.query(
        `INSERT INTO checks (suite_id, name, kind, dimension, config, enabled)
         SELECT id, 'rows-' || $2::text, 'row_count', 'completeness', '{"min": 1}', $3 FROM unnest($1::uuid[]) AS id`,
        [ids, index, enabled],
      );
    }
  });
  return ids;
}
