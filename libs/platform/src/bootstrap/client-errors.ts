import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { ErrorCode, type ErrorEnvelope } from '@dq/contracts';

/** A request Node's HTTP parser refused before any handler ran, as the status Node itself would give. */
const STATUS_BY_PARSER_CODE: Record<string, { status: number; reason: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, reason: 'Request Header Fields Too Large' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, reason: 'Request Timeout' },
  HPE_CHUNK_EXTENSIONS_OVERFLOW: { status: 413, reason: 'Payload Too Large' },
};

/** The raw response for a request the parser refused: the envelope for oversized headers, else Node's own. */
export function clientErrorResponse(code: string | undefined): string {
  const known = code !== undefined ? STATUS_BY_PARSER_CODE[code] : undefined;
  if (known?.status !== 431) {
    const { status, reason } = known ?? { status: 400, reason: 'Bad Request' };
    return `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\n\r\n`;
  }
  const envelope: ErrorEnvelope = {
    error: {
      code: ErrorCode.HeadersTooLarge,
      message: 'Request headers are too large',
      detail: {},
    },
  };
  const body = JSON.stringify(envelope);
  return (
    `HTTP/1.1 431 ${known.reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`
  );
}

/**
 * Answers requests Node's parser refuses (oversized headers, malformed requests) as Node would,
 * but a 431 carries the error envelope instead of an empty body.
 */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    socket.end(clientErrorResponse(error.code));
  });
}
