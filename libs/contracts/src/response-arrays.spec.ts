import * as contracts from './index';
import { RunResultView } from './runs/run-api.dto';

const PROPERTIES = 'swagger/apiModelPropertiesArray';
const PROPERTY = 'swagger/apiModelProperties';

interface DocumentedProperty {
  type?: unknown;
  isArray?: boolean;
}

/** `Class.field` of every exported class's documented property whose TypeScript type is an array. */
function arrayFields(): { where: string; documented: DocumentedProperty }[] {
  const found: { where: string; documented: DocumentedProperty }[] = [];
  for (const value of Object.values(contracts)) {
    if (typeof value !== 'function') continue;
    const prototype = (value as { prototype: object }).prototype;
    const names = (Reflect.getMetadata(PROPERTIES, prototype) as string[] | undefined) ?? [];
    for (const name of names) {
      const key = name.replace(/^:/, '');
      if (Reflect.getMetadata('design:type', prototype, key) !== Array) continue;
      const documented = Reflect.getMetadata(PROPERTY, prototype, key) as DocumentedProperty;
      found.push({ where: `${value.name}.${key}`, documented });
    }
  }
  return found;
}

describe('array fields of the contracts responses', () => {
  it('finds the response arrays to check', () => {
    expect(arrayFields().map((field) => field.where)).toContain('RunResultView.samples');
  });

  // A list documented as an object: clients generated from the document (and Schemathesis) refuse
  // the `[]` the API really sends.
  it('every field typed as an array is documented as an array', () => {
    const holes = arrayFields()
      .filter(({ documented }) => documented.isArray !== true && documented.type !== 'array')
      .map(({ where }) => where);
    expect(holes).toEqual([]);
  });

  it('documents a run result samples as a list of row objects', () => {
    const documented = Reflect.getMetadata(PROPERTY, RunResultView.prototype, 'samples') as Record<
      string,
      unknown
    >;
    expect(documented).toMatchObject({
      type: 'array',
      items: { type: 'object', additionalProperties: true },
    });
  });
});
