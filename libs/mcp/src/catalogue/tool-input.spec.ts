import { AppError } from '@dq/contracts';
import { CreateCheckRequest, RunListQuery } from '@dq/contracts';
import { idArg, idListArg, intArg, optional, toolInput } from './tool-input';

async function refusal(promise: Promise<unknown>): Promise<{ field: string; problems: string[] }[]> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  const appError = error as AppError;
  expect(appError.status).toBe(422);
  expect(appError.code).toBe('validation_failed');
  return (appError.detail as { fields: { field: string; problems: string[] }[] }).fields;
}

describe('toolInput', () => {
  const createCheck = toolInput({ args: { suite_id: idArg('suite') }, body: CreateCheckRequest });

  it("publishes the arguments beside the DTO fields, with the DTO's own constraints", () => {
    const schema = createCheck.jsonSchema;
    expect(schema.type).toBe('object');
    expect(schema.additionalProperties).toBe(false);
    expect(schema.required).toEqual(expect.arrayContaining(['suite_id', 'name', 'kind', 'config']));
    const properties = schema.properties as Record<string, Record<string, unknown>>;
    expect(properties['suite_id']).toMatchObject({ type: 'string', format: 'uuid' });
    expect(properties['name']).toMatchObject({ type: 'string', minLength: 1, maxLength: 200 });
    expect(properties['dimension']?.['enum']).toContain('completeness');
  });

  it('hands the validated DTO over as `body` and the arguments by name', async () => {
    const parsed = await createCheck.parse({
      suite_id: 's-1',
      name: 'not null',
      kind: 'expectation',
      config: { expectation_type: 'expect_column_values_to_not_be_null', kwargs: { column: 'a' } },
    });
    expect(parsed.suite_id).toBe('s-1');
    expect(parsed.body).toBeInstanceOf(CreateCheckRequest);
    expect(parsed.body.name).toBe('not null');
  });

  it("refuses like REST's pipe: every bad, missing and unknown field at once, no value echoed", async () => {
    const fields = await refusal(createCheck.parse({ suite_id: 7, kind: 'x'.repeat(65), secret: 'hunter2' }));
    expect(fields.map((field) => field.field).sort()).toEqual([
      'config',
      'kind',
      'name',
      'secret',
      'suite_id',
    ]);
    expect(JSON.stringify(fields)).not.toContain('hunter2');
  });

  it("applies the DTO's transforms (a query DTO given JSON values)", async () => {
    const listRuns = toolInput({ body: RunListQuery });
    const parsed = await listRuns.parse({ status: 'queued,running', limit: 5 });
    expect(parsed.body.status).toEqual(['queued', 'running']);
    expect(parsed.body.limit).toBe(5);
    expect(await refusal(listRuns.parse({ limit: 0 }))).toEqual([
      expect.objectContaining({ field: 'limit' }),
    ]);
  });

  it('checks plain arguments: required, optional, ranges, id lists (deduplicated)', async () => {
    const input = toolInput({
      args: {
        run_ids: idListArg('runs', 3),
        hours: optional(intArg({ description: 'h', min: 1, max: 720 })),
      },
    });
    expect(await input.parse({ run_ids: ['a', 'a', 'b'] })).toEqual({ run_ids: ['a', 'b'] });
    expect(await input.parse({ run_ids: ['a'], hours: 2 })).toEqual({ run_ids: ['a'], hours: 2 });
    expect((await refusal(input.parse({}))).map((field) => field.field)).toEqual(['run_ids']);
    expect((await refusal(input.parse({ run_ids: ['a', 'b', 'c', 'd'] })))[0]?.problems).toEqual([
      'must be a list of 1 to 3 ids',
    ]);
    expect((await refusal(input.parse({ run_ids: ['a'], hours: 1.5 })))[0]?.field).toBe('hours');
    expect((await refusal(input.parse({ run_ids: ['a'], other: 1 })))[0]?.problems).toEqual([
      'property other should not exist',
    ]);
    expect((await refusal(input.parse([])))[0]?.field).toBe('arguments');
  });

  it('takes no arguments as an empty object', async () => {
    expect(await toolInput({}).parse(undefined)).toEqual({});
  });

  it('refuses an argument that would shadow a DTO field', () => {
    expect(() => toolInput({ args: { name: idArg('x') }, body: CreateCheckRequest })).toThrow(/collides/);
  });
});
