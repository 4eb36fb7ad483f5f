import { All, Controller, Req, Res } from '@nestjs/common';
import { type Request, type Response } from 'express';
import { CurrentPrincipal, type Principal } from '@dq/auth';
import { McpHttpHandler } from '@dq/mcp';

/**
 * `/mcp/`: the Streamable HTTP endpoint. The global guard has authenticated and rate-limited the
 * caller exactly as REST does; `/mcp` itself never reaches here (the edge middleware answers 307).
 */
@Controller('mcp')
export class McpController {
  constructor(private readonly handler: McpHttpHandler) {}

  @All()
  serve(@CurrentPrincipal() principal: Principal, @Req() req: Request, @Res() res: Response): Promise<void> {
    return this.handler.handle(principal, req, res);
  }
}
