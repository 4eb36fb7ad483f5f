import { dialectForKind, parseColumnPolicy } from '@dq/check-engine';
import { DatasourceErrorClass, type TargetProfileReply, type TargetProfileRequest } from '@dq/contracts';
import { type DatasourceAdapterRegistry, DatasourceError } from '@dq/datasources';
import { profileTarget } from '../evaluation/profile-target';
import { withTargetStatements } from '../evaluation/target-statements';
import { type TargetReader } from './target-reader';

/** `POST /suites/{id}/profile`: the column profiler over live data; nothing is stored. */
export class TargetProfiler {
  constructor(
    private readonly reader: TargetReader,
    private readonly adapters: DatasourceAdapterRegistry,
  ) {}

  async profile(request: TargetProfileRequest): Promise<TargetProfileReply> {
    const started = performance.now();
    return this.reader.withConnection(
      request.connection_id,
      async (connection, options) => {
        const adapter = this.adapters.get(connection.kind);
        const dialect = dialectForKind(connection.kind);
        if (dialect === null)
          throw new DatasourceError(DatasourceErrorClass.Invalid, 'This connection kind holds no data');
        const all = await adapter.columns(connection, request.target, options);
        const wanted = request.columns;
        const missing = wanted?.filter((name) => !all.some((column) => column.name === name)) ?? [];
        if (missing.length > 0)
          throw new DatasourceError(
            DatasourceErrorClass.NotFound,
            `No column ${missing.map((name) => `"${name}"`).join(', ')} on the target`,
          );
        const columns = all
          .filter((column) => wanted === undefined || wanted.includes(column.name))
          .map(({ name, type }) => ({ name, type }));
        const profile = await withTargetStatements(adapter, connection, request.target, options, (runner) =>
          profileTarget(
            runner,
            dialect,
            request.target,
            columns,
            request.top_values,
            parseColumnPolicy(request.column_policy),
          ),
        );
        return { ...profile, duration_ms: Math.max(0, Math.round(performance.now() - started)) };
      },
      request.file_encoding,
    );
  }
}
