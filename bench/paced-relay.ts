// A TCP relay on loopback that stands for a network link in front of a store peer: every
// connection to it is relayed to the peer both ways, and the bytes from the peer to the client are
// paced to a set rate. With `scope: 'link'` all connections share the rate (one link); with
// `scope: 'connection'` each gets it (a store's per-stream limit).
import * as net from 'node:net';

export interface PacedRelay {
  /** `127.0.0.1:<port>` of the relay. */
  readonly host: string;
  readonly port: number;
  /** Bytes sent from the peer to clients so far. */
  readonly downloadedBytes: () => number;
  stop(): Promise<void>;
}

export interface PacedRelayOptions {
  upstreamPort: number;
  upstreamHost?: string;
  bytesPerSecond: number;
  scope?: 'link' | 'connection';
}

/** A pacing clock: when the next byte may leave, in milliseconds of `performance.now()`. */
interface Clock {
  nextFreeMs: number;
}

/** Below this wait the next chunk is read at once; the schedule is absolute, so an early chunk is paid back later. */
const MIN_WAIT_MS = 1;
/** How far ahead of the link's pace the relay may run before it pauses the peer's socket. */
const BURST_MS = 5;
/** Time a late timer may make up for by sending early; beyond it an idle link earns no credit. */
const CATCH_UP_MS = 10;

export async function startPacedRelay(options: PacedRelayOptions): Promise<PacedRelay> {
  const upstreamHost = options.upstreamHost ?? '127.0.0.1';
  const linkClock: Clock = { nextFreeMs: 0 };
  const sockets = new Set<net.Socket>();
  let downloaded = 0;

  /** Peer to client: chunks flow while at most a burst ahead of the clock, then wait for it. */
  function pace(from: net.Socket, to: net.Socket, clock: Clock): void {
    from.on('data', (chunk: Buffer) => {
      downloaded += chunk.byteLength;
      const now = performance.now();
      clock.nextFreeMs =
        Math.max(clock.nextFreeMs, now - CATCH_UP_MS) + (chunk.byteLength / options.bytesPerSecond) * 1000;
      const drained = to.write(chunk);
      // Flowing while at most a short burst ahead of the link: pausing for every chunk cost the
      // relay more CPU than relaying the bytes.
      if (drained && clock.nextFreeMs - performance.now() < BURST_MS) return;
      from.pause();
      const resume = (): void => {
        const wait = clock.nextFreeMs - performance.now();
        if (wait < MIN_WAIT_MS) from.resume();
        else setTimeout(() => from.resume(), wait);
      };
      if (drained) resume();
      else to.once('drain', resume);
    });
    from.on('end', () => to.end());
  }

  const server = net.createServer((client) => {
    const upstream = net.connect(options.upstreamPort, upstreamHost);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.setNoDelay(true);
      socket.on('close', () => sockets.delete(socket));
    }
    const closeBoth = (): void => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', closeBoth);
    upstream.on('error', closeBoth);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.end());
    // Client to peer: requests and uploads, unpaced.
    client.pipe(upstream);
    pace(upstream, client, options.scope === 'connection' ? { nextFreeMs: 0 } : linkClock);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address() as net.AddressInfo;
  return {
    host: `127.0.0.1:${address.port}`,
    port: address.port,
    downloadedBytes: () => downloaded,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
