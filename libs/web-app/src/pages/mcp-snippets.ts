/** What stands in the snippets for a token until the person pastes theirs. */
export const TOKEN_PLACEHOLDER = '<YOUR_API_KEY>';

/** The server's name in the assistants' configuration. */
export const MCP_SERVER_NAME = 'data-quality';

/**
 * The MCP endpoint for a page served at `origin`: `{app_host}/mcp/` (the web host forwards it to the
 * mcp-gateway), trailing slash included (`/mcp` answers a redirect some clients follow without the
 * Authorization header).
 */
export function mcpEndpointUrl(origin: string): string {
  return `${new URL(origin).origin}/mcp/`;
}

export type AssistantClient = 'claude-desktop' | 'claude-code' | 'cursor' | 'vscode';

export interface AssistantSnippet {
  client: AssistantClient;
  label: string;
  /** Where the snippet goes. */
  where: string;
  language: 'json' | 'shell';
  text: string;
}

function mcpServersJson(url: string, token: string): string {
  return JSON.stringify(
    { mcpServers: { [MCP_SERVER_NAME]: { url, headers: { Authorization: `Bearer ${token}` } } } },
    null,
    2,
  );
}

/** Single-quoted for a POSIX shell. */
function shellQuoted(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * Configuration for common assistants: `mcpServers.<name>.url` plus the Authorization header; an
 * editor using a `servers` key (VS Code) needs `type: http` too. `token` is the key just created, or
 * the placeholder.
 */
export function assistantSnippets(url: string, token: string = TOKEN_PLACEHOLDER): AssistantSnippet[] {
  const bearer = `Authorization: Bearer ${token}`;
  return [
    {
      client: 'claude-desktop',
      label: 'Claude Desktop',
      where: 'claude_desktop_config.json (Settings, Developer, Edit config)',
      language: 'json',
      text: mcpServersJson(url, token),
    },
    {
      client: 'claude-code',
      label: 'Claude Code',
      where: 'a terminal',
      language: 'shell',
      text: `claude mcp add --transport http ${MCP_SERVER_NAME} ${shellQuoted(url)} --header ${shellQuoted(bearer)}`,
    },
    {
      client: 'cursor',
      label: 'Cursor',
      where: '.cursor/mcp.json (project) or ~/.cursor/mcp.json',
      language: 'json',
      text: mcpServersJson(url, token),
    },
    {
      client: 'vscode',
      label: 'VS Code',
      where: '.vscode/mcp.json',
      language: 'json',
      text: JSON.stringify(
        {
          servers: {
            [MCP_SERVER_NAME]: { type: 'http', url, headers: { Authorization: `Bearer ${token}` } },
          },
        },
        null,
        2,
      ),
    },
  ];
}
