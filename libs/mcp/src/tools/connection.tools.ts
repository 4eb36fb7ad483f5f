import { Injectable } from '@nestjs/common';
import {
  AppError,
  ConnectionKind,
  ConnectionListQuery,
  type ConnectionResponse,
  ErrorCode,
  LIST_MAX_LIMIT,
} from '@dq/contracts';
import { CAPABILITY_FORBIDDEN_MESSAGE, WorkspaceCapability, hasCapability } from '@dq/auth';
import { ConnectionTestsClient, ConnectionsService } from '@dq/connections';
import { type McpToolGroup } from '../catalogue/mcp-catalogue';
import { McpToolset, READS, WRITES_IDEMPOTENT, defineTool } from '../catalogue/mcp-tool';
import { boolArg, idArg, intArg, optional, stringArg, toolInput } from '../catalogue/tool-input';

const connectionId = idArg('The connection id (from list_connections).');

/** What list_connections shows of a connection unless asked for all: enough to pick one. */
function connectionSummary(connection: ConnectionResponse) {
  return {
    id: connection.id,
    name: connection.name,
    kind: connection.kind,
    has_secret: connection.has_secret,
    credential_status: connection.credential_health?.status ?? null,
    privilege_warning: connection.privilege_warning,
    version: connection.version,
    updated_at: connection.updated_at,
  };
}

/**
 * Connections as an assistant may use them: read (never a credential) and test. Creating,
 * changing and re-authenticating stay REST-only: a credential must not pass through a chat.
 */
@Injectable()
export class ConnectionTools implements McpToolGroup {
  constructor(
    private readonly connections: ConnectionsService,
    private readonly tests: ConnectionTestsClient,
  ) {}

  tools() {
    return [
      defineTool({
        name: 'list_connections',
        title: 'List connections',
        description:
          'Datasource and orchestration connections by name: id, name, kind, credential status and privilege ' +
          'warning. Filter by `kind` and part of the `name`; `full` adds the non-secret config, credential ' +
          'health and capabilities (or use get_connection). Page with `limit` (default 50) and `cursor` set to ' +
          "the previous answer's `next_cursor`. Credentials are never shown.",
        toolset: McpToolset.Read,
        capability: WorkspaceCapability.ListConnections,
        annotations: READS,
        input: toolInput({
          args: { full: optional(boolArg('Each connection whole, as get_connection shows it.')) },
          body: ConnectionListQuery,
        }),
        rest: 'GET /connections',
        call: async (_context, { full, body }) => {
          const page = await this.connections.list(body);
          return full ? page : { items: page.items.map(connectionSummary), next_cursor: page.next_cursor };
        },
      }),
      defineTool({
        name: 'get_connection',
        title: 'Get a connection',
        description:
          'One connection; with `include_versions` also its config-change history, newest first, at most ' +
          '200 versions (Admins and Members).',
        toolset: McpToolset.Read,
        capability: WorkspaceCapability.ListConnections,
        annotations: READS,
        input: toolInput({
          args: {
            connection_id: connectionId,
            include_versions: optional(boolArg('Also return the config-change history.')),
          },
        }),
        rest: 'GET /connections/{id} (and GET /connections/{id}/versions)',
        call: async ({ principal }, { connection_id, include_versions }) => {
          if (include_versions && !hasCapability(principal.user, WorkspaceCapability.ReferenceConnections)) {
            throw new AppError(ErrorCode.Forbidden, CAPABILITY_FORBIDDEN_MESSAGE, {});
          }
          const connection = await this.connections.get(connection_id);
          if (!include_versions) return connection;
          const versions = await this.connections.versions(connection_id, { limit: LIST_MAX_LIMIT });
          return { ...connection, versions: versions.items };
        },
      }),
      defineTool({
        name: 'test_connection',
        title: 'Test a connection',
        description:
          'Checks live that a saved connection reaches its datasource with its stored credential: `ok`, ' +
          'latency and, on failure, the classified error. An unreachable datasource answers ' +
          'datasource_unreachable (502). Admins and Members.',
        toolset: McpToolset.Operate,
        capability: WorkspaceCapability.TestSavedConnection,
        // A passing test may record what the datasource supports (capabilities): not read-only.
        annotations: { ...WRITES_IDEMPOTENT, openWorldHint: true },
        input: toolInput({ args: { connection_id: connectionId } }),
        rest: 'POST /connections/{id}/test',
        call: (_context, { connection_id }) => this.tests.testSaved(connection_id),
      }),
      defineTool({
        name: 'get_adf_pipeline_status',
        title: 'Get Data Factory pipeline status',
        description:
          'Recent Azure Data Factory pipeline runs with the data-quality run each one triggered. Pipeline ' +
          'runs are not collected yet (the orchestration observer is not part of this release): the answer ' +
          'says so, and lists the factory connections that exist.',
        toolset: McpToolset.Read,
        capability: WorkspaceCapability.ListConnections,
        annotations: READS,
        input: toolInput({
          args: {
            pipeline: optional(
              stringArg({ description: 'Only runs of this pipeline name.', maxLength: 200 }),
            ),
            limit: optional(
              intArg({ description: 'At most this many runs (default 20).', min: 1, max: 100 }),
            ),
          },
        }),
        rest: 'GET /pipeline_runs?provider=factory (not built yet)',
        call: async () => {
          const factories = (
            await this.connections.list({ kind: ConnectionKind.Factory, limit: LIST_MAX_LIMIT })
          ).items;
          return {
            available: false,
            reason: factories.length === 0 ? 'no_orchestration_connection' : 'observer_not_available',
            message:
              factories.length === 0
                ? 'No Azure Data Factory (factory) connection exists, so there are no pipeline runs to show.'
                : 'Factory connections exist, but pipeline runs are not polled yet: the orchestration observer is not part of this release.',
            factory_connections: factories.map((connection) => ({
              id: connection.id,
              name: connection.name,
            })),
            pipeline_runs: [],
          };
        },
      }),
    ];
  }
}
