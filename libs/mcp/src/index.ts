// Public surface of the MCP library: the tool catalogue and the Streamable HTTP handler.
export * from './mcp.module';
export * from './catalogue/mcp-tool';
export * from './catalogue/mcp-catalogue';
export * from './catalogue/tool-input';
export * from './server/mcp-tool-server';
export * from './server/tool-results';
export * from './http/mcp-http.handler';
export * from './http/mcp-edge.middleware';
export * from './http/mcp-toolsets';
export * from './http/protected-resource-metadata';
