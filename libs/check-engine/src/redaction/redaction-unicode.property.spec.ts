import { type ColumnTreatment, REDACTED, maskValue, redactSampleRow } from './sample-redaction';
import { storableRecord, storableText, storableValue } from './storable';
import { SeededRandom, jsonbRefusal, randomText, randomValue } from './unicode-fuzz';

const SEEDS = [1, 22, 4242, 20261127];
const ROWS_PER_SEED = 500;
const TREATMENTS: readonly ColumnTreatment[] = ['allow', 'mask', 'redact'];

/** Valid JSON that PostgreSQL's jsonb accepts, and that reads back as what was written. */
function expectStorable(value: unknown): void {
  const json = JSON.stringify(value);
  expect(typeof json).toBe('string');
  expect(jsonbRefusal(json)).toBeNull();
  expect(JSON.stringify(JSON.parse(json))).toBe(json);
}

describe('every redaction path yields storable JSON, on random Unicode (seeded)', () => {
  it.each(SEEDS)('seed %i: mask, redact, allow with the classifier, and the choke point', (seed) => {
    const random = new SeededRandom(seed);
    for (let index = 0; index < ROWS_PER_SEED; index += 1) {
      const row: Record<string, unknown> = {};
      const columns: Record<string, ColumnTreatment> = {};
      for (let column = 0; column < 4; column += 1) {
        const name = `${randomText(random, 3)}${column}`;
        row[name] = randomValue(random);
        columns[name] = random.pick(TREATMENTS);
      }
      const policy = { columns, default: random.pick(TREATMENTS) };
      const redacted = redactSampleRow(row, policy);
      expectStorable(redacted);
      for (const [name, value] of Object.entries(row)) {
        if (value === null || typeof value !== 'string') continue;
        const shown = redacted[storableText(name)];
        if (columns[name] === 'redact') expect(shown).toBe(REDACTED);
        if (columns[name] === 'mask') expect(shown).toBe(maskValue(value));
      }
      const value = randomValue(random);
      expectStorable(maskValue(value));
      expectStorable(storableValue(value));
      expectStorable(storableRecord({ detail: row, samples: [row, redacted] }));
    }
  });

  it('unchecked, the same values would be refused: the generator reaches what jsonb refuses', () => {
    const random = new SeededRandom(SEEDS[0]);
    let refused = 0;
    for (let index = 0; index < ROWS_PER_SEED; index += 1)
      if (jsonbRefusal(JSON.stringify(randomText(random))) !== null) refused += 1;
    expect(refused).toBeGreaterThan(ROWS_PER_SEED / 4);
    // What the old mask made of an emoji-edged value: its first code unit alone.
    expect(jsonbRefusal(JSON.stringify('😀abc😀'.slice(0, 1)))).not.toBeNull();
  });

  it('a mask never splits a character: the first and last whole character around the stars', () => {
    const random = new SeededRandom(7);
    const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
    for (let index = 0; index < ROWS_PER_SEED; index += 1) {
      const text = randomText(random);
      const masked = maskValue(text) as string;
      const original = Array.from(graphemes.segment(storableText(text)), ({ segment }) => segment);
      if (original.length === 0) expect(masked).toBe('');
      else if (original.length <= 4) expect(masked).toBe('****');
      else
        expect(masked).toBe(
          `${original[0]}${'*'.repeat(Math.min(original.length - 2, 8))}${original.at(-1)}`,
        );
    }
  });
});
