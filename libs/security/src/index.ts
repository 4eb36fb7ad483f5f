// Public surface of the security library: secrets at rest, the egress guard, webhook signatures.
export * from './secrets/key-ring';
export * from './secrets/secret-cipher';
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
