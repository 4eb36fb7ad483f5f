import { AppError, CreateSuiteRequest, UpdateSuiteRequest } from '@dq/contracts';
import { idArg, toolInput } from '../catalogue/tool-input';

/** create_suite and update_suite take their input from these DTOs (see suite.tools.ts). */
describe('suite tools: file_encoding', () => {
  const create = toolInput({ body: CreateSuiteRequest });
  const update = toolInput({ args: { suite_id: idArg('suite') }, body: UpdateSuiteRequest });

  it('publishes file_encoding with the three encodings a suite may name', () => {
    for (const tool of [create, update]) {
      const properties = tool.jsonSchema.properties as Record<string, Record<string, unknown>>;
      expect(properties['file_encoding']?.['enum']).toEqual(['utf-8', 'utf-16', 'latin-1']);
    }
  });

  it('accepts a named encoding and null (back to utf-8), refuses any other name on the field', async () => {
    const parsed = await create.parse({
      name: 'landing',
      connection_id: '6f1d2f8e-8a51-4d55-9b0a-0d5c0b4e8a11',
      target: 'landing/cities.csv',
      file_encoding: 'latin-1',
    });
    expect(parsed.body.file_encoding).toBe('latin-1');
    expect((await update.parse({ suite_id: 's-1', file_encoding: null })).body.file_encoding).toBeNull();
    const refused = await update.parse({ suite_id: 's-1', file_encoding: 'utf-32' }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).status).toBe(422);
    expect(
      ((refused as AppError).detail['fields'] as { field: string }[]).map((field) => field.field),
    ).toEqual(['file_encoding']);
  });
});
