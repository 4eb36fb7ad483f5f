import { schemaTo31, withNull } from './openapi-31';

describe('schemaTo31', () => {
  it('writes nullable as a null type, null in an enum, and a nullable class as anyOf', () => {
    expect(schemaTo31({ type: 'string', nullable: true })).toEqual({ type: ['string', 'null'] });
    expect(schemaTo31({ type: 'string', enum: ['a', 'b'], nullable: true })).toEqual({
      type: ['string', 'null'],
      enum: ['a', 'b', null],
    });
    expect(
      schemaTo31({
        type: 'object',
        nullable: true,
        description: 'd',
        allOf: [{ $ref: '#/components/schemas/X' }],
      }),
    ).toEqual({ description: 'd', anyOf: [{ $ref: '#/components/schemas/X' }, { type: 'null' }] });
    expect(schemaTo31({ type: 'string', nullable: false })).toEqual({ type: 'string' });
  });

  it('converts nested schemas, boolean exclusive bounds and example, leaving the input alone', () => {
    const input = {
      type: 'object',
      properties: {
        n: { type: 'number', minimum: 0, exclusiveMinimum: true, maximum: 9, exclusiveMaximum: false },
        list: { type: 'array', items: { type: 'string', nullable: true, example: 'x' } },
      },
    };
    const copy = structuredClone(input);
    expect(schemaTo31(input)).toEqual({
      type: 'object',
      properties: {
        n: { type: 'number', exclusiveMinimum: 0, maximum: 9 },
        list: { type: 'array', items: { type: ['string', 'null'], examples: ['x'] } },
      },
    });
    expect(input).toEqual(copy);
  });
});

describe('withNull', () => {
  it('adds null once, to the type or around a reference', () => {
    expect(withNull({ type: 'integer', minimum: 1 })).toEqual({ type: ['integer', 'null'], minimum: 1 });
    expect(withNull({ type: ['integer', 'null'] })).toEqual({ type: ['integer', 'null'] });
    expect(withNull({ $ref: '#/components/schemas/Y', description: 'y' })).toEqual({
      description: 'y',
      anyOf: [{ $ref: '#/components/schemas/Y' }, { type: 'null' }],
    });
  });
});
