import { type Principal, type WorkspaceCapability } from '@dq/auth';
import { type ToolInput } from './tool-input';

/**
 * Groups a client can narrow the catalogue to (header `X-MCP-Toolsets`), so that an assistant
 * configured read-only never even sees a tool that changes something.
 */
export enum McpToolset {
  /** Reads only: suites, checks, runs, results, scores, connections, schedules; nothing is changed. */
  Read = 'read',
  /** Writes suites, checks, column policies, shares and schedules. */
  Authoring = 'authoring',
  /** Starts and stops work: run triggers, cancels, connection tests. */
  Operate = 'operate',
  /** Workspace settings (Admins only, as on REST). */
  Admin = 'admin',
}

export const MCP_TOOLSETS: readonly McpToolset[] = Object.values(McpToolset);

/** The eight tools the spec's "Assistant-tool (MCP) endpoint" section documents by name. */
export const SPEC_DOCUMENTED_TOOLS = [
  'list_suites',
  'get_suite_results',
  'get_health_score',
  'get_adf_pipeline_status',
  'trigger_suite_run',
  'get_run_status',
  'create_check',
  'profile_column',
] as const;

/** The protocol's behaviour hints; each tool states all four truthfully. */
export interface McpToolAnnotations {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  /** True when the tool reaches a datasource (live data outside this service). */
  openWorldHint: boolean;
}

/** Who calls a tool: the same principal REST resolves for the same credential. */
export interface McpCallContext {
  principal: Principal;
}

/**
 * One tool of the catalogue: a thin wrapper over the service REST calls for `rest`, refused for the
 * same workspace capability as that route (403 meaning) before the service decides per suite.
 */
export interface McpTool<Args = unknown> {
  name: string;
  title: string;
  description: string;
  toolset: McpToolset;
  /** The workspace capability REST's route requires (`@RequireCapability`). */
  capability: WorkspaceCapability;
  annotations: McpToolAnnotations;
  input: ToolInput<Args>;
  /** The REST call(s) this tool answers like, for docs/mcp.md and the parity tests. */
  rest: string;
  call(context: McpCallContext, args: Args): Promise<unknown>;
}

/** Annotations of a tool that only reads this service's own store. */
export const READS: McpToolAnnotations = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
};

/** Annotations of a tool that only reads, but reads live data from a datasource. */
export const READS_LIVE_DATA: McpToolAnnotations = { ...READS, openWorldHint: true };

/** A write that adds or changes without destroying: repeating it may add again. */
export const WRITES: McpToolAnnotations = {
  readOnlyHint: false,
  destructiveHint: false,
  idempotentHint: false,
  openWorldHint: false,
};

/** A write that leaves the same state however often it is repeated with the same arguments. */
export const WRITES_IDEMPOTENT: McpToolAnnotations = { ...WRITES, idempotentHint: true };

/** A write that removes or overwrites something a user may want back. */
export const DESTROYS: McpToolAnnotations = { ...WRITES, destructiveHint: true, idempotentHint: true };

/**
 * Declares a tool with its argument type inferred from its input; the catalogue holds it as an
 * `McpTool` (sound, since a tool's `call` only ever receives what its own `input.parse` returned).
 */
export function defineTool<Args>(tool: McpTool<Args>): McpTool {
  return tool;
}
