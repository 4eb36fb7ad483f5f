import { Socket } from 'node:net';

const CANCEL_REQUEST_CODE = 80877102;
const CANCEL_SEND_TIMEOUT_MS = 5_000;

/**
 * Sends PostgreSQL's CancelRequest for one backend over a connection of its own (protocol 3.0:
 * the server cancels the backend's running statement and closes this connection). Needs no
 * credential: the backend's key proves the right to cancel. Never rejects: a cancel that cannot be
 * delivered leaves the statement to its statement_timeout.
 */
export function sendPostgresCancelRequest(
  host: string,
  port: number,
  processId: number,
  secretKey: number,
): Promise<void> {
  return new Promise((resolve) => {
    const message = Buffer.alloc(16);
    message.writeInt32BE(16, 0);
    message.writeInt32BE(CANCEL_REQUEST_CODE, 4);
    message.writeInt32BE(processId, 8);
    message.writeInt32BE(secretKey, 12);
    const socket = new Socket();
    socket.setTimeout(CANCEL_SEND_TIMEOUT_MS);
    socket.once('connect', () => socket.end(message));
    socket.once('timeout', () => socket.destroy());
    socket.once('error', () => socket.destroy());
    socket.once('close', () => resolve());
    socket.connect(port, host);
  });
}
