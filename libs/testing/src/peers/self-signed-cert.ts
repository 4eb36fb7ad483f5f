import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';

/** A throwaway certificate for a loopback TLS peer, made with node's crypto at test time. */
export interface SelfSignedCertificate {
  /** PEM certificate: serve it, and trust it as the client's CA. */
  cert: string;
  /** PEM PKCS#8 private key. */
  key: string;
}

// Minimal DER: enough of X.509 for one self-signed P-256 certificate.
function der(tag: number, content: Buffer): Buffer {
  const n = content.length;
  const length =
    n < 0x80 ? Buffer.from([n]) : n < 0x100 ? Buffer.from([0x81, n]) : Buffer.from([0x82, n >> 8, n & 0xff]);
  return Buffer.concat([Buffer.from([tag]), length, content]);
}
const seq = (...items: Buffer[]): Buffer => der(0x30, Buffer.concat(items));
const set = (...items: Buffer[]): Buffer => der(0x31, Buffer.concat(items));

function oid(dotted: string): Buffer {
  const parts = dotted.split('.').map(Number);
  const bytes = [40 * parts[0] + parts[1]];
  for (const part of parts.slice(2)) {
    const chunk = [part & 0x7f];
    for (let rest = part >> 7; rest > 0; rest >>= 7) chunk.unshift((rest & 0x7f) | 0x80);
    bytes.push(...chunk);
  }
  return der(0x06, Buffer.from(bytes));
}

function utcTime(at: Date): Buffer {
  const two = (v: number): string => String(v).padStart(2, '0');
  const text = `${two(at.getUTCFullYear() % 100)}${two(at.getUTCMonth() + 1)}${two(at.getUTCDate())}${two(at.getUTCHours())}${two(at.getUTCMinutes())}${two(at.getUTCSeconds())}Z`;
  return der(0x17, Buffer.from(text, 'ascii'));
}

function commonName(name: string): Buffer {
  return seq(set(seq(oid('2.5.4.3'), der(0x0c, Buffer.from(name, 'utf8')))));
}

/**
 * A self-signed P-256 certificate for `localhost` and 127.0.0.1 (CA:TRUE, so it is its own trust
 * anchor), valid from an hour ago for a day.
 */
export function createSelfSignedCertificate(name = 'localhost'): SelfSignedCertificate {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const ecdsaSha256 = seq(oid('1.2.840.10045.4.3.2'));
  const serial = randomBytes(8);
  serial[0] = (serial[0] & 0x7f) | 0x01;
  const now = Date.now();
  const subjectAltName = seq(
    der(0x82, Buffer.from('localhost', 'ascii')),
    der(0x87, Buffer.from([127, 0, 0, 1])),
  );
  const extensions = der(
    0xa3,
    seq(
      seq(oid('2.5.29.19'), der(0x01, Buffer.from([0xff])), der(0x04, seq(der(0x01, Buffer.from([0xff]))))),
      seq(oid('2.5.29.17'), der(0x04, subjectAltName)),
    ),
  );
  const tbs = seq(
    der(0xa0, der(0x02, Buffer.from([2]))),
    der(0x02, serial),
    ecdsaSha256,
    commonName(name),
    seq(utcTime(new Date(now - 3600_000)), utcTime(new Date(now + 24 * 3600_000))),
    commonName(name),
    publicKey.export({ type: 'spki', format: 'der' }),
    extensions,
  );
  const signature = sign('sha256', tbs, privateKey);
  const certificate = seq(tbs, ecdsaSha256, der(0x03, Buffer.concat([Buffer.from([0]), signature])));
  const body = certificate
    .toString('base64')
    .replace(/(.{64})/g, '$1\n')
    .trimEnd();
  return {
    cert: `-----BEGIN CERTIFICATE-----\n${body}\n-----END CERTIFICATE-----\n`,
    key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}
