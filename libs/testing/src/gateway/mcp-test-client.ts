import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { type CallToolResult, type Tool } from '@modelcontextprotocol/sdk/types.js';

/** A tool's answer as a test reads it: REST's body (or error envelope with status) and the raw result. */
export interface McpToolAnswer {
  isError: boolean;
  /** The JSON the tool returned as text (REST's body on success, `{error, status}` on failure). */
  body: unknown;
  structured: Record<string, unknown> | undefined;
  raw: CallToolResult;
}

/**
 * The SDK's own client over real HTTP against `{base}/mcp/`, with a bearer token and any extra
 * headers (toolsets, Origin): what an assistant's host application runs.
 */
export class McpTestClient {
  private constructor(readonly client: Client) {}

  static async connect(
    baseUrl: string,
    options: { token?: string; headers?: Record<string, string> } = {},
  ): Promise<McpTestClient> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers['authorization'] = `Bearer ${options.token}`;
    const transport = new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp/`), {
      requestInit: { headers },
    });
    const client = new Client({ name: 'dq-e2e', version: '1.0.0' });
    await client.connect(transport);
    return new McpTestClient(client);
  }

  async tools(): Promise<Tool[]> {
    const tools: Tool[] = [];
    let cursor: string | undefined;
    do {
      const page = await this.client.listTools(cursor ? { cursor } : {});
      tools.push(...page.tools);
      cursor = page.nextCursor;
    } while (cursor);
    return tools;
  }

  async call(name: string, args: Record<string, unknown> = {}): Promise<McpToolAnswer> {
    const raw = (await this.client.callTool({ name, arguments: args })) as CallToolResult;
    const text = raw.content.find((item) => item.type === 'text');
    const body: unknown = text && 'text' in text ? JSON.parse(text.text) : undefined;
    return { isError: raw.isError === true, body, structured: raw.structuredContent, raw };
  }

  close(): Promise<void> {
    return this.client.close();
  }
}
