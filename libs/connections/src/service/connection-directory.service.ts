import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, IsNull } from 'typeorm';
import { AppError, type ConnectionCapabilities, type ConnectionKind, ErrorCode } from '@dq/contracts';
import { ConnectionEntity } from '../entities';

/** What other contexts may know of a connection: never its config's secrets, nor its credential. */
export interface ConnectionSummary {
  id: string;
  name: string;
  kind: ConnectionKind;
  capabilities: ConnectionCapabilities | null;
  /** An Admin allowed custom SQL despite dangerous privileges (see `assertCustomSqlAllowed`). */
  allowCustomSqlWithDangerousPrivileges: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function summaryOf(row: ConnectionEntity): ConnectionSummary {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind as ConnectionKind,
    capabilities: row.capabilities,
    allowCustomSqlWithDangerousPrivileges: row.allowCustomSqlWithDangerousPrivileges,
  };
}

/** Read-only lookups of live connections for the contexts that reference them (suites, imports). */
@Injectable()
export class ConnectionDirectory {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async find(id: string): Promise<ConnectionSummary | null> {
    if (!UUID.test(id)) return null;
    const row = await this.dataSource
      .getRepository(ConnectionEntity)
      .findOne({ where: { id, deletedAt: IsNull() } });
    return row === null ? null : summaryOf(row);
  }

  /** The live connection, or 422 on `field`: a suite cannot point at a connection that is not there. */
  async require(id: string, field: string): Promise<ConnectionSummary> {
    const found = await this.find(id);
    if (found === null) {
      throw new AppError(ErrorCode.ValidationFailed, 'Request validation failed', {
        fields: [{ field, problems: ['no such connection'] }],
      });
    }
    return found;
  }

  /**
   * `require` inside the caller's transaction, holding the row FOR KEY SHARE until it commits: a
   * connection delete (which locks the row FOR UPDATE before counting the suites on it) waits, and
   * then sees the suite; a delete that got there first leaves no live row, so the suite is refused.
   */
  async requireLocked(manager: EntityManager, id: string, field: string): Promise<ConnectionSummary> {
    const row = UUID.test(id)
      ? await manager.getRepository(ConnectionEntity).findOne({
          where: { id, deletedAt: IsNull() },
          lock: { mode: 'for_key_share' },
        })
      : null;
    if (row === null) {
      throw new AppError(ErrorCode.ValidationFailed, 'Request validation failed', {
        fields: [{ field, problems: ['no such connection'] }],
      });
    }
    return summaryOf(row);
  }

  async findByName(name: string): Promise<ConnectionSummary | null> {
    const row = await this.dataSource
      .getRepository(ConnectionEntity)
      .findOne({ where: { name, deletedAt: IsNull() } });
    return row === null ? null : summaryOf(row);
  }

  /** The kind of each connection, deleted ones included (a kind never changes). */
  async kindsOf(ids: readonly string[]): Promise<Map<string, ConnectionKind>> {
    const wanted = [...new Set(ids)].filter((id) => UUID.test(id));
    if (wanted.length === 0) return new Map();
    const rows = await this.dataSource.query<{ id: string; kind: ConnectionKind }[]>(
      `SELECT "id", "kind" FROM "connections" WHERE "id" = ANY($1::uuid[])`,
      [wanted],
    );
    return new Map(rows.map((row) => [row.id, row.kind]));
  }
}
