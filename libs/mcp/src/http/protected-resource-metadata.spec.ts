import {
  mcpChallenge,
  protectedResourceMetadata,
  protectedResourceMetadataUrl,
} from './protected-resource-metadata';

describe('protected resource metadata', () => {
  it('lives at the well-known path followed by the resource path (RFC 9728)', () => {
    expect(protectedResourceMetadataUrl('https://dq.example.com/mcp/')).toBe(
      'https://dq.example.com/.well-known/oauth-protected-resource/mcp/',
    );
    expect(protectedResourceMetadataUrl('https://dq.example.com:8443/')).toBe(
      'https://dq.example.com:8443/.well-known/oauth-protected-resource',
    );
  });

  it('names the resource and the identity provider as its authorization server', () => {
    expect(
      protectedResourceMetadata('https://dq.example.com/mcp/', 'https://login.example.com/tenant/v2.0'),
    ).toEqual({
      resource: 'https://dq.example.com/mcp/',
      authorization_servers: ['https://login.example.com/tenant/v2.0'],
      bearer_methods_supported: ['header'],
      resource_name: 'Data-quality service (MCP)',
    });
  });

  it('points the 401 challenge at the metadata when there is some', () => {
    expect(mcpChallenge(undefined)).toBe('Bearer realm="mcp"');
    expect(mcpChallenge('https://h/.well-known/oauth-protected-resource/mcp/')).toBe(
      'Bearer realm="mcp", resource_metadata="https://h/.well-known/oauth-protected-resource/mcp/"',
    );
  });
});
