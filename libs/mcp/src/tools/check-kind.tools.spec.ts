import { randomUUID } from 'node:crypto';
import { type Principal } from '@dq/auth';
import { CHECK_KINDS, listCheckKinds } from '@dq/check-engine';
import { type McpToolGroup } from '../catalogue/mcp-catalogue';
import { McpCatalogue } from '../catalogue/mcp-catalogue';
import { type McpTool } from '../catalogue/mcp-tool';
import { type JsonSchema } from '../catalogue/tool-input';
import { CheckKindTools } from './check-kind.tools';
import { CheckTools } from './check.tools';
import { SuiteTools } from './suite.tools';

// Listing tools and parsing their input needs no service: a group's services are only used inside `call`.
const catalogue = new McpCatalogue(
  ([CheckKindTools, CheckTools, SuiteTools] as unknown as (new () => McpToolGroup)[]).map(
    (Group) => new Group(),
  ),
);
const tool = (name: string): McpTool => {
  const found = catalogue.all().find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no tool ${name}`);
  return found;
};
const context = { principal: {} as Principal };
const propertiesOf = (schema: JsonSchema): Record<string, JsonSchema> =>
  schema['properties'] as Record<string, JsonSchema>;

async function refusal(name: string, args: unknown): Promise<unknown> {
  return tool(name)
    .input.parse(args)
    .then(
      () => null,
      (error: unknown) => error,
    );
}

describe('the check kind tools', () => {
  it('list_check_kinds pages and filters as GET /check-kinds', async () => {
    const list = tool('list_check_kinds');
    const args = await list.input.parse({ datasource_kind: 'object_store', limit: 2 });
    expect(await list.call(context, args)).toEqual(
      listCheckKinds({ datasource_kind: 'object_store', limit: 2 }),
    );
    expect(await refusal('list_check_kinds', { datasource_kind: 'mainframe' })).toMatchObject({
      code: 'validation_failed',
      detail: { fields: [expect.objectContaining({ field: 'datasource_kind' })] },
    });
    expect(await refusal('list_check_kinds', { limit: 0 })).toMatchObject({ code: 'validation_failed' });
  });

  it('describe_check_kind shows the kinds as an enum and answers an unknown one not found', async () => {
    const describe = tool('describe_check_kind');
    expect(propertiesOf(describe.input.jsonSchema)['kind']['enum']).toEqual([...CHECK_KINDS]);
    const volume = (await describe.call(context, await describe.input.parse({ kind: 'volume' }))) as {
      kind: string;
    };
    expect(volume.kind).toBe('volume');
    await expect(
      describe.call(context, await describe.input.parse({ kind: 'volumes' })),
    ).rejects.toMatchObject({
      code: 'not_found',
    });
  });
});

describe('the check tools take typed check bodies', () => {
  it.each(['create_check', 'update_check', 'dry_run_check'])(
    '%s: kind and engine as enums, config one branch per kind, thresholds per unit',
    (name) => {
      const properties = propertiesOf(tool(name).input.jsonSchema);
      expect(properties['kind']['enum']).toEqual([...CHECK_KINDS]);
      const branches = properties['config']['anyOf'] as JsonSchema[];
      expect(branches.map((branch) => branch['title'])).toEqual([...CHECK_KINDS]);
      const freshness = branches.find((branch) => branch['title'] === 'freshness') as JsonSchema;
      expect(propertiesOf(freshness)['fail_after_hours']).toMatchObject({
        type: 'number',
        exclusiveMinimum: 0,
      });
      expect(freshness['additionalProperties']).toBe(false);
      const thresholds = JSON.stringify(properties['thresholds']);
      expect(thresholds).toContain('"maximum":100');
      expect(JSON.stringify(properties['engine'])).toContain('native');
      // The row filter every expectation type takes is defined once and referenced.
      const defs = tool(name).input.jsonSchema['$defs'] as Record<string, JsonSchema>;
      expect(defs['CheckRowCondition']).toMatchObject({ type: 'array' });
      expect(JSON.stringify(properties['config'])).toContain('"$ref":"#/$defs/CheckRowCondition"');
    },
  );

  it('the server still validates with the DTO alone: the schema only informs the client', async () => {
    const args = (await tool('create_check').input.parse({
      suite_id: randomUUID(),
      name: 'rows',
      kind: 'volume',
      config: { min_rows: -1 },
    })) as { body: { config: unknown } };
    // The engine refuses this config in the service (REST's path); the tool input does not second-guess it.
    expect(args.body.config).toEqual({ min_rows: -1 });
    expect(
      await refusal('create_check', { suite_id: randomUUID(), name: 'rows', kind: 'volume' }),
    ).toMatchObject({
      code: 'validation_failed',
      detail: { fields: [expect.objectContaining({ field: 'config' })] },
    });
  });

  it('update_check lets engine and thresholds be null, as its DTO does', () => {
    const properties = propertiesOf(tool('update_check').input.jsonSchema);
    expect(properties['thresholds']['anyOf']).toContainEqual({ type: 'null' });
    expect(properties['engine']['anyOf']).toContainEqual({ type: 'null' });
  });

  it("import_suite's document lists the check kinds", () => {
    const document = propertiesOf(tool('import_suite').input.jsonSchema)['document'];
    const checks = propertiesOf(document)['checks'] as { items: JsonSchema };
    expect(propertiesOf(checks.items)['kind']['enum']).toEqual([...CHECK_KINDS]);
  });
});
