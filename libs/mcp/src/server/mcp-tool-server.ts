import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode as JsonRpcErrorCode,
  ListToolsRequestSchema,
  McpError,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { AppError, ErrorCode } from '@dq/contracts';
import { CAPABILITY_FORBIDDEN_MESSAGE, hasCapability } from '@dq/auth';
import { type McpCallContext, type McpTool } from '../catalogue/mcp-tool';
import { toolFailure, toolSuccess } from './tool-results';

export const MCP_SERVER_INFO = {
  name: 'data-quality-service',
  title: 'Data-quality service',
  version: '1.0.0',
};

const INSTRUCTIONS = [
  'Tools of a data-quality service: suites of checks on datasources, their runs and results.',
  'You act as the signed-in user, with their workspace role and per-suite shares: a suite you',
  'cannot see answers not_found, a change your role does not allow answers forbidden (status 403).',
  'Failing-row samples are redacted exactly as the REST API returns them.',
  'Ids come from list_suites, list_checks and list_runs; a run is polled with get_run_status.',
].join(' ');

/** The protocol's view of a tool: its name, schema, description and behaviour hints. */
export function describeTool(tool: McpTool): Tool {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: tool.input.jsonSchema,
    annotations: { title: tool.title, ...tool.annotations },
  };
}

/**
 * Runs one tool for the caller: the workspace capability REST's route needs is checked first (403
 * meaning), then the arguments (422), then the same service REST calls decides per suite.
 */
export async function callTool(
  tool: McpTool,
  context: McpCallContext,
  rawArguments: unknown,
  logUnexpected: (error: unknown, errorId: string) => void,
): Promise<CallToolResult> {
  try {
    if (!hasCapability(context.principal.user, tool.capability)) {
      throw new AppError(ErrorCode.Forbidden, CAPABILITY_FORBIDDEN_MESSAGE, {});
    }
    const args = await tool.input.parse(rawArguments);
    return toolSuccess(await tool.call(context, args));
  } catch (error) {
    return toolFailure(error, logUnexpected);
  }
}

/**
 * One protocol server for one HTTP exchange of one caller: lists and calls the tools of the
 * toolsets the client kept. Unknown tool names are protocol errors (the catalogue is the contract);
 * everything a tool refuses is a tool result with `isError`.
 */
export function createMcpToolServer(options: {
  tools: readonly McpTool[];
  context: McpCallContext;
  logUnexpected: (error: unknown, errorId: string) => void;
}): Server {
  const byName = new Map(options.tools.map((tool) => [tool.name, tool]));
  const server = new Server(MCP_SERVER_INFO, {
    capabilities: { tools: { listChanged: false } },
    instructions: INSTRUCTIONS,
  });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: options.tools.map(describeTool) }));
  server.setRequestHandler(CallToolRequestSchema, (request) => {
    const tool = byName.get(request.params.name);
    if (!tool) throw new McpError(JsonRpcErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
    return callTool(tool, options.context, request.params.arguments, options.logUnexpected);
  });
  return server;
}
