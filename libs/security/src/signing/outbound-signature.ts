import { createHmac } from 'node:crypto';

export interface OutboundSignatureMeta {
  /** The delivery id, constant across retries so receivers can deduplicate. */
  id: string;
  /** Unix seconds of this attempt. */
  timestamp: number;
}

export interface OutboundSignatureHeaders {
  'X-Svc-Signature': string;
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/**
 * Signs an outbound webhook body: the spec's `X-Svc-Signature: sha256=<hex>` over the raw body and
 * the Standard Webhooks headers over `id.timestamp.body`. With several keys (rotation: new first,
 * old second) `webhook-signature` carries one `v1,<base64>` per key, space-separated; the spec's
 * single-valued `X-Svc-Signature` is made with the first key.
 */
export function signOutbound(
  body: Buffer | string,
  key: Buffer | readonly Buffer[],
  meta: OutboundSignatureMeta,
): OutboundSignatureHeaders {
  const keys = Buffer.isBuffer(key) ? [key] : [...key];
  if (keys.length === 0) throw new Error('signOutbound needs at least one key');
  if (!Number.isSafeInteger(meta.timestamp) || meta.timestamp < 0) {
    throw new Error('signOutbound needs a timestamp in whole unix seconds');
  }
  const raw = Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8');
  const timestamp = String(meta.timestamp);
  const signedContent = Buffer.concat([Buffer.from(`${meta.id}.${timestamp}.`, 'utf8'), raw]);
  return {
    'X-Svc-Signature': `sha256=${createHmac('sha256', keys[0]).update(raw).digest('hex')}`,
    'webhook-id': meta.id,
    'webhook-timestamp': timestamp,
    'webhook-signature': keys
      .map((k) => `v1,${createHmac('sha256', k).update(signedContent).digest('base64')}`)
      .join(' '),
  };
}
