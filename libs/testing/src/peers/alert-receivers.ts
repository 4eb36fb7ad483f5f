import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { blockKitProblems, teamsMessageProblems } from './chat-payload-checks';
import { createSelfSignedCertificate } from './self-signed-cert';

/** Standard Webhooks tolerance for `webhook-timestamp`, both directions. */
const TIMESTAMP_TOLERANCE_S = 300;

/** One request a receiver took, with what its checks found. */
export interface ReceivedAlert {
  /** The receiver that took it: `/webhook`, `/slack`, `/teams`, `/redirect`, or the raw path. */
  route: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  json: unknown;
  /** The status the receiver answered. */
  status: number;
  /** Why the receiver refused it (signature, replay, shape); empty when accepted. */
  problems: string[];
  at: number;
}

/**
 * Real HTTPS receivers on loopback for alert delivery tests, one server, by path:
 * `/webhook` verifies both signature schemes (`X-Svc-Signature` hex HMAC of the body with the
 * current key; Standard Webhooks `v1,` base64 over `id.timestamp.body` with ANY key it holds, a
 * timestamp within 300 s and no replay of a seen signature); `/slack` checks Block Kit rules;
 * `/teams` checks the Workflows message and its Adaptive Card against the schema. `failNext`
 * scripts failures; `/redirect` always answers 302. The certificate is generated at start: give
 * `ca` to the sender's egress guard as its test CA.
 */
export class AlertReceivers {
  readonly received: ReceivedAlert[] = [];
  /** The keys (base64url text as shown once) the webhook receiver verifies with: current first. */
  keys: string[] = [];
  /** The next N requests to any path are answered with this status before any check. */
  failNext: { count: number; status: number } = { count: 0, status: 503 };
  /** Milliseconds each answer waits (a slow receiver). */
  delayMs = 0;
  /** Auth header the webhook receiver requires, when set. */
  requiredHeader?: { name: string; value: string };
  readonly ca: string;
  private readonly key: string;
  private readonly seenSignatures = new Set<string>();
  private server?: Server;
  private waiters: Array<{ count: number; path?: string; resolve: () => void }> = [];

  constructor() {
    const { cert, key } = createSelfSignedCertificate();
    this.ca = cert;
    this.key = key;
  }

  async start(): Promise<void> {
    this.server = createServer({ cert: this.ca, key: this.key }, (req, res) => this.handle(req, res));
    await new Promise<void>((ready) => this.server!.listen(0, '127.0.0.1', ready));
  }

  /**
   * `https://127.0.0.1:<port>` and a path of the receiver's shape: Slack's `/services/...`, a Teams
   * Workflows `/workflows/.../paths/invoke?...`, or the path as given.
   */
  url(route: string): string {
    const origin = `https://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
    if (route === '/slack') return `${origin}/services/T0000/B0000/sink-token`;
    if (route === '/teams')
      return `${origin}/workflows/sink/triggers/manual/paths/invoke?api-version=2016-06-01&sig=sink`;
    return `${origin}${route}`;
  }

  /** Accepted requests (2xx), optionally for one path. */
  accepted(path?: string): ReceivedAlert[] {
    return this.received.filter((r) => r.status < 300 && (path === undefined || r.route === path));
  }

  /** Resolves once `count` requests were accepted (on `path`, when given). */
  waitForAccepted(count: number, path?: string, timeoutMs = 15_000): Promise<void> {
    if (this.accepted(path).length >= count) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new Error(`only ${this.accepted(path).length} of ${count} alerts accepted in ${timeoutMs} ms`),
          ),
        timeoutMs,
      );
      this.waiters.push({ count, path, resolve: () => (clearTimeout(timer), resolve()) });
    });
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((done) => (this.server ? this.server.close(() => done()) : done()));
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const path = req.url ?? '/';
      const route = routeOf(path);
      const answer = (status: number, problems: string[], text = ''): void => {
        let json: unknown;
        try {
          json = JSON.parse(body);
        } catch {
          json = undefined;
        }
        this.received.push({
          route,
          path,
          headers: req.headers,
          body,
          json,
          status,
          problems,
          at: Date.now(),
        });
        const reply = (): void => {
          res
            .writeHead(status, status >= 300 && status < 400 ? { location: this.url('/webhook') } : {})
            .end(text);
          this.wake();
        };
        if (this.delayMs > 0) setTimeout(reply, this.delayMs);
        else reply();
      };
      if (this.failNext.count > 0) {
        this.failNext.count -= 1;
        return answer(this.failNext.status, [`scripted ${this.failNext.status}`]);
      }
      if (route === '/redirect') return answer(302, ['redirect']);
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch {
        return answer(400, ['body is not JSON']);
      }
      if (route === '/slack') {
        const problems = blockKitProblems(parsed);
        return problems.length === 0 ? answer(200, [], 'ok') : answer(400, problems, 'invalid_blocks');
      }
      if (route === '/teams') {
        const problems = teamsMessageProblems(parsed);
        return problems.length === 0 ? answer(202, []) : answer(400, problems);
      }
      if (route === '/webhook') {
        const problems = this.signatureProblems(req.headers, body);
        if (
          this.requiredHeader &&
          req.headers[this.requiredHeader.name.toLowerCase()] !== this.requiredHeader.value
        )
          problems.push('auth header missing or wrong');
        const replay = problems.includes('replayed signature');
        return problems.length === 0 ? answer(200, []) : answer(replay ? 409 : 401, problems);
      }
      return answer(404, ['unknown path']);
    });
  }

  /** Both schemes, as a receiver holding `keys` checks them. */
  private signatureProblems(headers: IncomingHttpHeaders, body: string): string[] {
    const problems: string[] = [];
    const keys = this.keys.map((k) => Buffer.from(k, 'base64url'));
    if (keys.length === 0) return ['receiver holds no key'];
    const svc = String(headers['x-svc-signature'] ?? '');
    const hex = svc.startsWith('sha256=') ? svc.slice(7) : '';
    const svcOk = keys.some((k) => equalText(createHmac('sha256', k).update(body).digest('hex'), hex));
    const id = String(headers['webhook-id'] ?? '');
    const timestamp = String(headers['webhook-timestamp'] ?? '');
    const offered = String(headers['webhook-signature'] ?? '')
      .split(' ')
      .filter((s) => s.startsWith('v1,'))
      .map((s) => s.slice(3));
    const content = `${id}.${timestamp}.${body}`;
    const expected = keys.map((k) => createHmac('sha256', k).update(content).digest('base64'));
    const matched = offered.find((sig) => expected.some((e) => equalText(e, sig)));
    // X-Svc-Signature is made with the sender's current key only: a receiver still on the old key
    // during the rotation window verifies the Standard Webhooks header, which carries both.
    if (!svcOk && matched === undefined) problems.push('no valid signature');
    if (id === '') problems.push('no webhook-id');
    const age = Math.abs(Date.now() / 1000 - Number(timestamp));
    if (!Number.isFinite(age) || age > TIMESTAMP_TOLERANCE_S) problems.push('timestamp outside tolerance');
    if (matched !== undefined) {
      if (this.seenSignatures.has(matched)) problems.push('replayed signature');
      else if (problems.length === 0) this.seenSignatures.add(matched);
    }
    return problems;
  }

  private wake(): void {
    this.waiters = this.waiters.filter((w) => {
      if (this.accepted(w.path).length < w.count) return true;
      w.resolve();
      return false;
    });
  }
}

function routeOf(path: string): string {
  const pathname = path.split('?')[0];
  if (pathname.startsWith('/services/')) return '/slack';
  if (/\/workflows\/[^/]+\/triggers\/[^/]+\/paths\/invoke$/.test(pathname)) return '/teams';
  return pathname;
}

function equalText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Starts the receivers on a free loopback port. */
export async function startAlertReceivers(): Promise<AlertReceivers> {
  const receivers = new AlertReceivers();
  await receivers.start();
  return receivers;
}
