import { type McpTool, type McpToolset } from './mcp-tool';

/** A source of tools: one per bounded context, each wrapping that context's services. */
export interface McpToolGroup {
  tools(): McpTool[];
}

/** Every tool the endpoint serves, by name; names are unique across groups. */
export class McpCatalogue {
  private readonly byName = new Map<string, McpTool>();

  constructor(groups: readonly McpToolGroup[]) {
    for (const tool of groups.flatMap((group) => group.tools())) {
      if (this.byName.has(tool.name)) throw new Error(`MCP tool ${tool.name} is defined twice`);
      if (!/^[a-z][a-z0-9_]{2,63}$/.test(tool.name))
        throw new Error(`MCP tool name ${tool.name} is not snake_case`);
      this.byName.set(tool.name, tool);
    }
  }

  /** The tools of the given toolsets, in catalogue order. */
  in(toolsets: ReadonlySet<McpToolset>): McpTool[] {
    return [...this.byName.values()].filter((tool) => toolsets.has(tool.toolset));
  }

  all(): McpTool[] {
    return [...this.byName.values()];
  }
}
