import { TOKEN_PLACEHOLDER, assistantSnippets, mcpEndpointUrl } from './mcp-snippets';

describe('mcpEndpointUrl', () => {
  it('is the app host with /mcp/ and its trailing slash', () => {
    expect(mcpEndpointUrl('https://dq.example.com')).toBe('https://dq.example.com/mcp/');
    expect(mcpEndpointUrl('http://localhost:41234')).toBe('http://localhost:41234/mcp/');
  });

  it('stays on the app host whatever its port: the web host forwards /mcp/', () => {
    expect(mcpEndpointUrl('http://localhost:8080/me?x=1')).toBe('http://localhost:8080/mcp/');
  });
});

describe('assistantSnippets', () => {
  const url = 'https://dq.example.com/mcp/';

  it('uses the placeholder until a token is given, and the token once it is', () => {
    for (const snippet of assistantSnippets(url)) {
      expect(snippet.text).toContain(`Bearer ${TOKEN_PLACEHOLDER}`);
      expect(snippet.text).toContain(url);
    }
    const token = 'svc_live_abc';
    for (const snippet of assistantSnippets(url, token)) {
      expect(snippet.text).toContain(`Bearer ${token}`);
      expect(snippet.text).not.toContain(TOKEN_PLACEHOLDER);
    }
  });

  it('writes mcpServers with url and headers, and servers with type http for VS Code', () => {
    const byClient = Object.fromEntries(assistantSnippets(url, 'T').map((s) => [s.client, s]));
    expect(JSON.parse(byClient['claude-desktop'].text)).toEqual({
      mcpServers: { 'data-quality': { url, headers: { Authorization: 'Bearer T' } } },
    });
    expect(JSON.parse(byClient['cursor'].text)).toEqual(JSON.parse(byClient['claude-desktop'].text));
    expect(JSON.parse(byClient['vscode'].text)).toEqual({
      servers: { 'data-quality': { type: 'http', url, headers: { Authorization: 'Bearer T' } } },
    });
  });

  it('quotes the Claude Code command for a shell', () => {
    const code = assistantSnippets(url, "it's").find((s) => s.client === 'claude-code');
    expect(code?.text).toBe(
      `claude mcp add --transport http data-quality '${url}' --header 'Authorization: Bearer it'\\''s'`,
    );
  });
});
