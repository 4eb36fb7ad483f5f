/** RFC 9728 metadata of the MCP endpoint as a protected resource of the identity provider. */
export interface ProtectedResourceMetadata {
  resource: string;
  authorization_servers: string[];
  bearer_methods_supported: ['header'];
  resource_name: string;
}

/**
 * Where an OAuth-capable MCP client learns which identity provider issues tokens for the endpoint:
 * RFC 9728 puts the metadata at the origin's `/.well-known/oauth-protected-resource` followed by
 * the resource's path (`https://dq.example.com/mcp/` → `…/.well-known/oauth-protected-resource/mcp/`).
 */
export function protectedResourceMetadataUrl(resource: string): string {
  const url = new URL(resource);
  return `${url.origin}/.well-known/oauth-protected-resource${url.pathname === '/' ? '' : url.pathname}`;
}

export function protectedResourceMetadata(resource: string, issuer: string): ProtectedResourceMetadata {
  return {
    resource,
    authorization_servers: [issuer],
    bearer_methods_supported: ['header'],
    resource_name: 'Data-quality service (MCP)',
  };
}

/** The `WWW-Authenticate` challenge of every 401, pointing at the metadata when there is one. */
export function mcpChallenge(metadataUrl: string | undefined): string {
  return metadataUrl ? `Bearer realm="mcp", resource_metadata="${metadataUrl}"` : 'Bearer realm="mcp"';
}
