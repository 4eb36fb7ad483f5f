import { type AddressInfo } from 'node:net';
import { type Server, createServer } from 'node:http';
import { type CryptoKey, type JWK, type JWTPayload, SignJWT, exportJWK, generateKeyPair } from 'jose';

export interface SigningKey {
  kid: string;
  alg: 'RS256' | 'ES256';
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  publicJwk: JWK;
}

/**
 * A real OpenID provider surface on loopback for the tests: discovery and a JWKS over node:http,
 * keys from jose, and the ability to rotate keys. It counts key-set fetches so tests see refetches.
 */
export class LoopbackIdentityProvider {
  issuer = '';
  jwksFetches = 0;
  discoveryFetches = 0;
  private server?: Server;
  private published: SigningKey[] = [];
  private keyCounter = 0;

  static async start(): Promise<LoopbackIdentityProvider> {
    const provider = new LoopbackIdentityProvider();
    await provider.listen();
    await provider.rotate();
    return provider;
  }

  /** The key tokens are signed with by default (the newest published). */
  get currentKey(): SigningKey {
    return this.published[this.published.length - 1];
  }

  /** Replaces the published keys with a fresh one (`alg` RS256 unless told). */
  async rotate(alg: 'RS256' | 'ES256' = 'RS256'): Promise<SigningKey> {
    const key = await this.newKey(alg);
    this.published = [key];
    return key;
  }

  /** Adds a key to the published set without removing the others. */
  async publish(alg: 'RS256' | 'ES256'): Promise<SigningKey> {
    const key = await this.newKey(alg);
    this.published.push(key);
    return key;
  }

  /** A key that was never published (same shape as a real one). */
  async unpublishedKey(alg: 'RS256' | 'ES256' = 'RS256'): Promise<SigningKey> {
    return this.newKey(alg);
  }

  /** Signs `claims` with sensible defaults (iss, aud, sub, email, iat, exp in an hour). */
  async sign(
    claims: JWTPayload = {},
    options: {
      key?: SigningKey;
      issuer?: string;
      audience?: string;
      expiresAt?: number;
      notBefore?: number;
      /** `sub`; the provider's stable user id. Default `subject-ada`. */
      subject?: string;
    } = {},
  ): Promise<string> {
    const key = options.key ?? this.currentKey;
    const now = Math.floor(Date.now() / 1000);
    const jwt = new SignJWT({ email: 'ada@example.test', name: 'Ada', ...claims })
      .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: 'JWT' })
      .setIssuer(options.issuer ?? this.issuer)
      .setAudience(options.audience ?? 'dq-api')
      .setSubject(options.subject ?? 'subject-ada')
      .setIssuedAt(now)
      .setExpirationTime(options.expiresAt ?? now + 3600);
    if (options.notBefore !== undefined) jwt.setNotBefore(options.notBefore);
    return jwt.sign(key.privateKey);
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve, reject) =>
      this.server?.close((error) => (error ? reject(error) : resolve())),
    );
  }

  private async newKey(alg: 'RS256' | 'ES256'): Promise<SigningKey> {
    const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
    const kid = `key-${++this.keyCounter}`;
    return {
      kid,
      alg,
      privateKey,
      publicKey,
      publicJwk: { ...(await exportJWK(publicKey)), kid, alg, use: 'sig' },
    };
  }

  private async listen(): Promise<void> {
    this.server = createServer((request, response) => {
      const json = (body: unknown) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      if (request.url?.endsWith('/.well-known/openid-configuration')) {
        this.discoveryFetches += 1;
        json({ issuer: this.issuer, jwks_uri: `${this.issuer}/jwks.json` });
      } else if (request.url === '/jwks.json') {
        this.jwksFetches += 1;
        json({ keys: this.published.map((key) => key.publicJwk) });
      } else {
        response.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.issuer = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
}
