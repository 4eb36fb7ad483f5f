// Public surface of the security library: sealing secrets at rest (opening them is
// `@dq/secrets-opening`: the runner and the alerting service only), the egress guard, webhook signatures.
export * from './secrets/key-ring-error';
export * from './secrets/public-keys';
export * from './secrets/public-key-sealer';
export * from './secrets/sealed-envelope';
export * from './secrets/secret-decryption.error';
export * from './egress/forbidden-address';
export * from './egress/egress-allowlist';
export * from './egress/egress-refused.error';
export * from './egress/guarded-lookup';
export * from './egress/egress-guard';
export * from './egress/guarded-agent';
export * from './egress/guarded-fetch';
export * from './signing/constant-time';
export * from './signing/signing-key';
export * from './signing/outbound-signature';
export * from './signing/inbound-signature';
export { type IpRange, type ParsedIp, inRange, parseIp, range } from './egress/ip-address';
