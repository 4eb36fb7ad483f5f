import { storableRecord, storableText, storableValue } from './storable';

describe('storable values', () => {
  it('replaces NUL and lone surrogates with U+FFFD, and keeps pairs and everything else', () => {
    expect(storableText('a\0b')).toBe('a\ufffdb');
    expect(storableText('\ud83d')).toBe('\ufffd');
    expect(storableText('\ude00x')).toBe('\ufffdx');
    expect(storableText('\ude00\ud83d')).toBe('\ufffd\ufffd');
    expect(storableText('😀 e\u0301 👩‍👩‍👧 🇬🇧 \u0001')).toBe('😀 e\u0301 👩‍👩‍👧 🇬🇧 \u0001');
  });

  it('writes NaN and the infinities as text, and what JSON would turn into something else as JSON would', () => {
    expect(
      storableRecord({
        nan: Number.NaN,
        up: Infinity,
        down: -Infinity,
        big: 12n,
        huge: 2n ** 70n,
        at: new Date('2026-11-20T10:00:00Z'),
        never: new Date(Number.NaN),
        gone: undefined,
        list: [undefined, Number.NaN, { 'k\0': '\ud800' }],
        ok: true,
      }),
    ).toEqual({
      nan: 'NaN',
      up: 'Infinity',
      down: '-Infinity',
      big: 12,
      huge: '1180591620717411303424',
      at: '2026-11-20T10:00:00.000Z',
      never: null,
      list: [null, 'NaN', { 'k\ufffd': '\ufffd' }],
      ok: true,
    });
  });

  it('ends a cycle with a marker instead of overflowing', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic['self'] = cyclic;
    expect(JSON.stringify(storableValue(cyclic))).toContain('[too deep]');
  });
});
