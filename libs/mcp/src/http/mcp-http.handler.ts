import { Inject, Injectable, Logger } from '@nestjs/common';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { type Request, type Response } from 'express';
import { AppError, CredentialKind, ErrorCode } from '@dq/contracts';
import { type Principal, unauthenticatedError } from '@dq/auth';
import { McpCatalogue } from '../catalogue/mcp-catalogue';
import { createMcpToolServer } from '../server/mcp-tool-server';
import { MCP_TOOLSETS_HEADER, toolsetsFrom } from './mcp-toolsets';

/**
 * Serves one authenticated HTTP exchange of the Streamable HTTP transport, stateless: each POST
 * carries its own credential and gets a fresh protocol server for that caller, so any replica can
 * answer any request and a role change applies on the very next call. Answers are plain JSON (no
 * event stream): every tool answers once.
 */
@Injectable()
export class McpHttpHandler {
  private readonly logger = new Logger('McpHttpHandler');

  constructor(@Inject(McpCatalogue) private readonly catalogue: McpCatalogue) {}

  async handle(principal: Principal, req: Request, res: Response): Promise<void> {
    // Spec: under OTP mode the MCP credential is a PAT; a browser session never reaches MCP.
    if (principal.credential.kind === CredentialKind.Session) throw unauthenticatedError();
    if (req.method !== 'POST') {
      // Stateless: no server-initiated stream to open (GET) and no session to end (DELETE).
      res.setHeader('Allow', 'POST');
      throw new AppError(ErrorCode.MethodNotAllowed, 'The MCP endpoint takes POST only', { allow: ['POST'] });
    }
    const toolsets = toolsetsFrom(req.headers[MCP_TOOLSETS_HEADER]);
    const server = createMcpToolServer({
      tools: this.catalogue.in(toolsets),
      context: { principal },
      logUnexpected: (error, errorId) =>
        this.logger.error({ msg: 'MCP tool failed unexpectedly', error_id: errorId, err: error }),
    });
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  }
}
