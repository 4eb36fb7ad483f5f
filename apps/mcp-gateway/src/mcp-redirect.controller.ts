import { All, Controller, Redirect } from '@nestjs/common';

/**
 * The spec's `/mcp` answers 307 to `/mcp/`: 307 keeps the method and body, so a client that
 * follows it re-sends its JSON-RPC POST (some clients drop Authorization on redirects, which is
 * why every document names `/mcp/`).
 */
@Controller()
export class McpRedirectController {
  @All('mcp')
  @Redirect('/mcp/', 307)
  redirect(): void {}
}
