import { createHmac, timingSafeEqual } from 'node:crypto';

export const DEFAULT_SIGNATURE_TOLERANCE_SECONDS = 300;

export type InboundSignatureFailure =
  'missing_header' | 'malformed_header' | 'timestamp_out_of_tolerance' | 'no_secrets' | 'signature_mismatch';

export type InboundSignatureResult =
  { ok: true; timestamp: number } | { ok: false; reason: InboundSignatureFailure };

export interface VerifyInboundOptions {
  toleranceSeconds?: number;
  now?: Date;
}

const HEX_SHA256 = /^[0-9a-f]{64}$/i;

interface ParsedHeader {
  timestamp: number;
  signatures: Buffer[];
}

function parseHeader(header: string): ParsedHeader | undefined {
  let timestamp: number | undefined;
  const signatures: Buffer[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq === -1) return undefined;
    const name = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (name === 't') {
      if (timestamp !== undefined || !/^\d{1,12}$/.test(value)) return undefined;
      timestamp = Number(value);
    } else if (name === 'v1') {
      if (!HEX_SHA256.test(value)) return undefined;
      signatures.push(Buffer.from(value, 'hex'));
    }
    // Other schemes are ignored so a sender can add newer ones alongside v1.
  }
  if (timestamp === undefined || signatures.length === 0) return undefined;
  return { timestamp, signatures };
}

/**
 * Verifies an inbound `scheduler`/`builder` webhook: header `t=<unix>,v1=<hex HMAC-SHA256 over
 * "t.rawBody">`, the timestamp within the tolerance in both directions, compared in constant time
 * against every accepted secret (the old and the new one during a grace period).
 */
export function verifyInbound(
  rawBody: Buffer | string,
  header: string | undefined,
  secrets: readonly Buffer[],
  options: VerifyInboundOptions = {},
): InboundSignatureResult {
  if (header === undefined || header.trim() === '') return { ok: false, reason: 'missing_header' };
  const parsed = parseHeader(header);
  if (parsed === undefined) return { ok: false, reason: 'malformed_header' };
  const tolerance = options.toleranceSeconds ?? DEFAULT_SIGNATURE_TOLERANCE_SECONDS;
  const nowSeconds = Math.floor((options.now ?? new Date()).getTime() / 1000);
  if (Math.abs(nowSeconds - parsed.timestamp) > tolerance)
    return { ok: false, reason: 'timestamp_out_of_tolerance' };
  if (secrets.length === 0) return { ok: false, reason: 'no_secrets' };
  const raw = Buffer.isBuffer(rawBody) ? rawBody : Buffer.from(rawBody, 'utf8');
  const content = Buffer.concat([Buffer.from(`${parsed.timestamp}.`, 'utf8'), raw]);
  let matched = false;
  // Every pair is compared (no early exit) so timing does not tell which secret matched.
  for (const secret of secrets) {
    const expected = createHmac('sha256', secret).update(content).digest();
    for (const candidate of parsed.signatures) {
      if (candidate.length === expected.length && timingSafeEqual(candidate, expected)) matched = true;
    }
  }
  return matched ? { ok: true, timestamp: parsed.timestamp } : { ok: false, reason: 'signature_mismatch' };
}
