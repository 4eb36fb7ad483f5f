import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { AppError, type ConnectionKind, CreateCheckRequest, type FieldViolation } from '@dq/contracts';
import { parseCheckDefinition } from '../definition/check-definition';
import { EXPECTATION_TYPES } from '../expectations/expectation-catalog';
import { CHECK_KINDS } from '../kinds/check-kind';
import { sqlParserReady } from '../monitoring/sql-gate';
import {
  type CatalogueCheckBody,
  type CatalogueParameter,
  checkBodySchemas,
  checkKindCatalogue,
  checkKindEntry,
  checkKindsFor,
  describeCheckKind,
  listCheckKinds,
} from './check-catalogue';

/** The create endpoint's two validations: the DTO pipe, then the check engine. */
async function violationsOf(body: unknown, datasourceKind: ConnectionKind): Promise<FieldViolation[]> {
  const dto = await validate(plainToInstance(CreateCheckRequest, body as object), {
    whitelist: true,
    forbidNonWhitelisted: true,
  });
  if (dto.length > 0) return dto.map((error) => ({ field: error.property, problems: ['dto'] }));
  try {
    parseCheckDefinition(body, { datasourceKind });
    return [];
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return (error.detail as { fields: FieldViolation[] }).fields;
  }
}

const fieldsOf = async (body: unknown, datasourceKind: ConnectionKind): Promise<string[]> =>
  (await violationsOf(body, datasourceKind)).map((violation) => violation.field);

/** Every example with the datasource kinds it claims to run on, and the path of its parameters. */
const EXAMPLES: {
  label: string;
  example: CatalogueCheckBody;
  kinds: ConnectionKind[];
  parameters: CatalogueParameter[];
  prefix: string;
}[] = checkKindCatalogue().flatMap((entry) => [
  ...(entry.expectation_types.length === 0
    ? [
        {
          label: entry.kind,
          example: entry.example,
          kinds: entry.datasource_kinds,
          parameters: entry.parameters,
          prefix: 'config.',
        },
      ]
    : []),
  ...entry.expectation_types.map((type) => ({
    label: type.type,
    example: type.example,
    kinds: type.datasource_kinds,
    parameters: type.parameters,
    prefix: 'config.kwargs.',
  })),
]);

function withParameter(
  example: CatalogueCheckBody,
  prefix: string,
  name: string,
  value: unknown,
): CatalogueCheckBody {
  const copy = structuredClone(example);
  const target = (prefix === 'config.' ? copy.config : copy.config['kwargs']) as Record<string, unknown>;
  if (value === undefined) delete target[name];
  else target[name] = value;
  return copy;
}

beforeAll(() => sqlParserReady());

describe('the check kind catalogue', () => {
  it('describes every kind and every expectation type the engine evaluates', () => {
    expect(checkKindCatalogue().map((entry) => entry.kind)).toEqual([...CHECK_KINDS]);
    expect(checkKindEntry('expectation')?.expectation_types.map((type) => type.type)).toEqual([
      ...EXPECTATION_TYPES,
    ]);
    expect(checkKindEntry('no_such_kind')).toBeUndefined();
  });

  it.each(EXAMPLES.map((entry) => [entry.label, entry] as const))(
    'the %s example passes the create validation on every datasource kind it lists',
    async (_label, { example, kinds }) => {
      expect(kinds.length).toBeGreaterThan(0);
      for (const kind of kinds) expect(await violationsOf(example, kind)).toEqual([]);
    },
  );

  it.each(EXAMPLES.map((entry) => [entry.label, entry] as const))(
    'the %s parameters say what the validation enforces',
    async (_label, { example, kinds, parameters, prefix }) => {
      const on = kinds[0];
      expect(await fieldsOf(withParameter(example, prefix, 'not_a_parameter', 1), on)).toContain(
        `${prefix}not_a_parameter`,
      );
      for (const parameter of parameters) {
        const field = `${prefix}${parameter.name}`;
        if (parameter.required) {
          expect(await fieldsOf(withParameter(example, prefix, parameter.name, undefined), on)).toContain(
            field,
          );
        }
        const wrongType = parameter.type.includes('string') ? { an: 'object' } : 'text';
        expect(await fieldsOf(withParameter(example, prefix, parameter.name, wrongType), on)).toContain(
          field,
        );
        if (parameter.allowed_values !== null) {
          const outside = parameter.type === 'array' ? ['not-allowed'] : 'not-allowed';
          expect(await fieldsOf(withParameter(example, prefix, parameter.name, outside), on)).toContain(
            field,
          );
        }
        if (parameter.minimum !== null && parameter.type !== 'array') {
          const below = parameter.exclusive_minimum ? parameter.minimum : parameter.minimum - 1;
          expect(await fieldsOf(withParameter(example, prefix, parameter.name, below), on)).toContain(field);
        }
        if (parameter.maximum !== null && parameter.type !== 'array') {
          expect(
            await fieldsOf(withParameter(example, prefix, parameter.name, parameter.maximum + 1), on),
          ).toContain(field);
        }
      }
    },
  );

  it('states thresholds for the banded kinds only, and the others refuse them', async () => {
    const banded = checkKindCatalogue()
      .filter((entry) => entry.thresholds.applies)
      .map((entry) => entry.kind);
    expect(banded.sort()).toEqual(['anomaly', 'comparison', 'expectation']);
    expect(checkKindEntry('expectation')?.thresholds.default).toEqual({ fail: 0 });
    expect(checkKindEntry('anomaly')?.thresholds.default).toEqual({ warn: 2, fail: 3, critical: 4 });
    const volume = checkKindEntry('volume');
    expect(volume?.thresholds).toMatchObject({ applies: false, fields: [], schema: null });
    const body = { ...volume?.example, thresholds: { fail: 1 } };
    expect(await fieldsOf(body, 'postgres')).toEqual(['thresholds']);
    const expectation = checkKindEntry('expectation')?.example as CatalogueCheckBody;
    expect(await fieldsOf({ ...expectation, thresholds: { fail: 101 } }, 'postgres')).toEqual([
      'thresholds.fail',
    ]);
  });

  it('takes datasource kinds from the support matrix, per variant', () => {
    const freshness = checkKindEntry('freshness');
    expect(freshness?.variants.map((variant) => [variant.variant, variant.datasource_kinds])).toEqual([
      ['freshness', ['warehouse', 'lakehouse', 'file_store', 'object_store', 'iceberg_catalog', 'postgres']],
      ['freshness_file_arrival', ['file_store', 'object_store']],
    ]);
    expect(checkKindEntry('custom_sql')?.datasource_kinds).toEqual(['warehouse', 'lakehouse', 'postgres']);
    const nullCount = checkKindEntry('expectation')?.expectation_types.find(
      (type) => type.type === 'null_count',
    );
    expect(nullCount).toMatchObject({ engine: 'native', datasource_kinds: ['warehouse'] });
    expect(nullCount?.example.engine).toBe('native');
  });

  it('narrows to one datasource kind: kinds, variants and expectation types that run there', () => {
    const iceberg = checkKindsFor('iceberg_catalog');
    expect(iceberg.map((entry) => entry.kind)).not.toContain('custom_sql');
    expect(iceberg.map((entry) => entry.kind)).not.toContain('anomaly');
    const freshness = iceberg.find((entry) => entry.kind === 'freshness');
    expect(freshness?.variants.map((variant) => variant.variant)).toEqual(['freshness']);
    const types = iceberg
      .find((entry) => entry.kind === 'expectation')
      ?.expectation_types.map((type) => type.type);
    expect(types).not.toContain('null_count');
    expect(types).toContain('expect_column_values_to_not_be_null');
    const warehouse = checkKindsFor('warehouse').find((entry) => entry.kind === 'expectation');
    expect(warehouse?.expectation_types.map((type) => type.type)).toContain('null_count');
    expect(checkKindsFor()).toHaveLength(CHECK_KINDS.length);
  });

  it('lists parameters with their JSON type, bounds, allowed values and defaults', () => {
    const between = checkKindEntry('expectation')?.expectation_types.find(
      (type) => type.type === 'expect_column_values_to_be_between',
    );
    expect(between?.parameters.map((parameter) => parameter.name)).toEqual([
      'column',
      'min_value',
      'max_value',
      'strict_min',
      'strict_max',
      'mostly',
      'row_condition',
    ]);
    expect(between?.parameters.find((parameter) => parameter.name === 'strict_min')).toMatchObject({
      type: 'boolean',
      required: false,
      default: false,
    });
    expect(between?.parameters.find((parameter) => parameter.name === 'mostly')).toMatchObject({
      type: 'number',
      minimum: 0,
      maximum: 1,
    });
    const volume = checkKindEntry('volume');
    expect(volume?.parameters.find((parameter) => parameter.name === 'severity')).toMatchObject({
      type: 'string',
      allowed_values: ['warn', 'fail', 'critical'],
      default: 'fail',
    });
    const freshness = checkKindEntry('freshness');
    expect(freshness?.parameters.find((parameter) => parameter.name === 'fail_after_hours')).toMatchObject({
      type: 'number',
      minimum: 0,
      exclusive_minimum: true,
      maximum: 8760,
    });
  });

  it('builds body schemas with the kind enum and one config branch per kind and expectation type', () => {
    const schemas = checkBodySchemas();
    expect(schemas.kind['enum']).toEqual([...CHECK_KINDS]);
    const branches = schemas.config['anyOf'] as Record<string, unknown>[];
    expect(branches.map((branch) => branch['title'])).toEqual([...CHECK_KINDS]);
    const volume = branches.find((branch) => branch['title'] === 'volume') as {
      properties: Record<string, unknown>;
    };
    expect(Object.keys(volume.properties)).toEqual(['min_rows', 'max_rows', 'severity']);
    const expectation = branches.find((branch) => branch['title'] === 'expectation') as { oneOf: unknown[] };
    expect(expectation.oneOf).toHaveLength(EXPECTATION_TYPES.length);
  });

  it('pages in its fixed order with limit and cursor, and refuses a cursor of another list', () => {
    const first = listCheckKinds({ limit: 3 });
    expect(first.items.map((entry) => entry.kind)).toEqual(CHECK_KINDS.slice(0, 3));
    const rest = listCheckKinds({ limit: 200, cursor: first.next_cursor ?? '' });
    expect(rest.items.map((entry) => entry.kind)).toEqual(CHECK_KINDS.slice(3));
    expect(rest.next_cursor).toBeNull();
    expect(listCheckKinds({}).next_cursor).toBeNull();
    expect(() => listCheckKinds({ cursor: 'not-a-cursor' })).toThrow(
      expect.objectContaining({ code: 'validation_failed' }),
    );
    const sqlOnly = listCheckKinds({
      limit: 200,
      cursor: first.next_cursor ?? '',
      datasource_kind: 'file_store',
    });
    expect(sqlOnly.items.map((entry) => entry.kind)).not.toContain('custom_sql');
  });

  it('describes one kind, and answers an unknown kind not found', () => {
    expect(describeCheckKind('volume').kind).toBe('volume');
    expect(() => describeCheckKind('volumes')).toThrow(expect.objectContaining({ code: 'not_found' }));
  });
});
