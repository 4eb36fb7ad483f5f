export const BASE62_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `value` in base62, left-padded with `0` to `width` characters (throws if it does not fit). */
export function encodeBase62(value: bigint, width: number): string {
  if (value < 0n) throw new RangeError('base62 encodes non-negative integers only');
  let digits = '';
  let rest = value;
  while (rest > 0n) {
    digits = BASE62_ALPHABET[Number(rest % 62n)] + digits;
    rest /= 62n;
  }
  if (digits.length > width) throw new RangeError(`value needs more than ${width} base62 characters`);
  return digits.padStart(width, '0');
}

/** Big-endian bytes as a non-negative integer. */
export function bytesToBigInt(bytes: Uint8Array): bigint {
  return bytes.length === 0 ? 0n : BigInt(`0x${Buffer.from(bytes).toString('hex')}`);
}
