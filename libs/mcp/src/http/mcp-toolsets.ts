import { AppError, ErrorCode } from '@dq/contracts';
import { MCP_TOOLSETS, type McpToolset } from '../catalogue/mcp-tool';

/** The request header a client narrows the catalogue with: `X-MCP-Toolsets: read,operate`. */
export const MCP_TOOLSETS_HEADER = 'x-mcp-toolsets';

/**
 * The toolsets a request asks for: all when the header is absent, else exactly those named
 * (comma-separated, case-insensitive). An unknown name is a 422, not silently ignored: a client
 * that believes it narrowed the catalogue must not get all of it.
 */
export function toolsetsFrom(header: string | string[] | undefined): ReadonlySet<McpToolset> {
  if (header === undefined) return new Set(MCP_TOOLSETS);
  const names = (Array.isArray(header) ? header.join(',') : header)
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== '');
  const unknown = names.filter((name) => !(MCP_TOOLSETS as readonly string[]).includes(name));
  if (names.length === 0 || unknown.length > 0) {
    throw new AppError(ErrorCode.ValidationFailed, 'Unknown toolset in X-MCP-Toolsets', {
      fields: [
        {
          field: 'X-MCP-Toolsets',
          problems: [`must list toolsets among: ${MCP_TOOLSETS.join(', ')}`],
        },
      ],
    });
  }
  return new Set(names as McpToolset[]);
}
