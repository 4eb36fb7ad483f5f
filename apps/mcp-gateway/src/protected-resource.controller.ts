import { Controller, Get, Inject } from '@nestjs/common';
import { Public } from '@dq/auth';
import { type ProtectedResourceMetadata } from '@dq/mcp';

export const PROTECTED_RESOURCE_METADATA = Symbol('dq:mcp:protected-resource-metadata');

/**
 * RFC 9728 metadata of `/mcp/`, at the resource's path and at the bare well-known path (which some
 * clients try first). Registered only when the public URL and an identity provider are configured.
 */
@Controller('.well-known')
@Public()
export class ProtectedResourceController {
  constructor(@Inject(PROTECTED_RESOURCE_METADATA) private readonly metadata: ProtectedResourceMetadata) {}

  @Get(['oauth-protected-resource', 'oauth-protected-resource/mcp'])
  get(): ProtectedResourceMetadata {
    return this.metadata;
  }
}
