/**
 * Seeded random values for property tests of the redaction paths (no fast-check here): texts
 * mixing ASCII, accented and CJK letters, combining marks, emoji (astral, ZWJ sequences, flags),
 * NUL, other control characters and lone surrogates, and the numbers JSON cannot hold.
 */

/** A small deterministic generator (mulberry32): the same seed gives the same values. */
export class SeededRandom {
  private state: number;

  constructor(readonly seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(below: number): number {
    return Math.floor(this.next() * below);
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)];
  }
}

const PIECES: readonly ((random: SeededRandom) => string)[] = [
  (r) => String.fromCharCode(0x20 + r.int(0x5f)), // printable ASCII
  (r) => String.fromCharCode(0xc0 + r.int(0x100)), // Latin-1 and Latin Extended letters
  (r) => String.fromCharCode(0x4e00 + r.int(0x5000)), // CJK
  (r) => String.fromCharCode(0x300 + r.int(0x70)), // a combining mark, alone or after a letter
  (r) => String.fromCodePoint(0x1f300 + r.int(0x300)), // an astral emoji
  () => '👩‍👩‍👧', // a ZWJ sequence: one grapheme, eight code units
  () => '🇬🇧', // a flag: two regional indicators
  () => '\0', // NUL
  (r) => String.fromCharCode(r.int(0x20)), // another control character
  (r) => String.fromCharCode(0xd800 + r.int(0x400)), // a lone high surrogate
  (r) => String.fromCharCode(0xdc00 + r.int(0x400)), // a lone low surrogate
  () => '"\\', // what JSON must escape
];

/** A random text of 0 to `max` pieces; one in five starts or ends with an astral character. */
export function randomText(random: SeededRandom, max = 24): string {
  const length = random.int(max + 1);
  let text = '';
  for (let index = 0; index < length; index += 1) text += random.pick(PIECES)(random);
  if (random.int(5) === 0) text = `${String.fromCodePoint(0x1f600 + random.int(0x40))}${text}`;
  if (random.int(5) === 0) text = `${text}${String.fromCodePoint(0x1f600 + random.int(0x40))}`;
  return text;
}

/** A random value as a datasource driver may hand it over. */
export function randomValue(random: SeededRandom): unknown {
  switch (random.int(10)) {
    case 0:
      return null;
    case 1:
      return random.pick([Number.NaN, Infinity, -Infinity, -0, 4111111111111111, 1e21, 3.25]);
    case 2:
      return new Date(Date.UTC(2000 + random.int(30), random.int(12), 1 + random.int(28)));
    case 3:
      return BigInt(random.int(1_000_000)) * 10_000_000_000_000n;
    case 4:
      return random.pick(['ada@example.com', '4111 1111 1111 1111', 'AKIAIOSFODNN7EXAMPLE', '']);
    case 5:
      return { [randomText(random, 4)]: randomText(random, 8), n: Number.NaN };
    default:
      return randomText(random);
  }
}

/**
 * Why PostgreSQL's jsonb would refuse this JSON text (as `JSON.stringify` writes it), or null: an
 * escaped NUL, or an escaped surrogate that is not one half of a pair. Raw lone surrogates cannot
 * appear in `JSON.stringify`'s output (it escapes them).
 */
export function jsonbRefusal(json: string): string | null {
  const escapes = /\\u([0-9a-fA-F]{4})|\\./g;
  let match: RegExpExecArray | null;
  let pendingHigh = false;
  let lastEnd = -1;
  while ((match = escapes.exec(json)) !== null) {
    const hex = match[1];
    const code = hex === undefined ? null : parseInt(hex, 16);
    const adjacent = match.index === lastEnd;
    if (pendingHigh && !(adjacent && code !== null && code >= 0xdc00 && code <= 0xdfff))
      return 'a high surrogate without its low half';
    if (code === 0) return 'NUL (\\u0000)';
    if (code !== null && code >= 0xdc00 && code <= 0xdfff && !pendingHigh)
      return 'a low surrogate without its high half';
    pendingHigh = code !== null && code >= 0xd800 && code <= 0xdbff;
    lastEnd = match.index + match[0].length;
  }
  if (pendingHigh) return 'a high surrogate at the end';
  if (/\p{Cs}/u.test(json)) return 'a raw lone surrogate';
  return null;
}
