import { Test } from '@nestjs/testing';
import { DatasourceAdapterRegistry } from './adapter/datasource-adapter-registry';
import { DatasourcesModule } from './datasources.module';
import { createDefaultAdapters } from './default-adapters';
import { PostgresAdapter } from './postgres/postgres-adapter';

describe('default adapters', () => {
  it('has exactly one adapter per kind, PostgreSQL among them', () => {
    const kinds = createDefaultAdapters().map((adapter) => adapter.kind);
    expect(new Set(kinds).size).toBe(kinds.length);
    expect(kinds).toContain('postgres');
  });

  it('DatasourcesModule provides a registry filled with them', async () => {
    const moduleRef = await Test.createTestingModule({ imports: [DatasourcesModule] }).compile();
    const registry = moduleRef.get(DatasourceAdapterRegistry);
    expect(registry.get('postgres')).toBeInstanceOf(PostgresAdapter);
    expect(() => registry.get('warehouse')).toThrow(expect.objectContaining({ errorClass: 'invalid' }));
    await moduleRef.close();
  });
});
