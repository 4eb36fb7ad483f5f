import { Test } from '@nestjs/testing';
import { DATASOURCE_KINDS } from '@dq/contracts';
import { EgressGuard } from '@dq/security';
import { type AdapterDependencies } from './adapter/adapter-dependencies';
import { DatasourceAdapterRegistry } from './adapter/datasource-adapter-registry';
import { DatasourcesModule } from './datasources.module';
import { createDefaultAdapters } from './default-adapters';
import { PostgresAdapter } from './postgres/postgres-adapter';

const dependencies = (): AdapterDependencies => ({ egress: new EgressGuard({ logger: { warn: () => 0 } }) });

describe('default adapters', () => {
  it('has exactly one adapter per datasource kind, and none for orchestration kinds', () => {
    const kinds = createDefaultAdapters(dependencies()).map((adapter) => adapter.kind);
    expect([...kinds].sort()).toEqual([...DATASOURCE_KINDS].sort());
  });

  it('gives scans and file listing to the kinds that read files, SQL to the SQL kinds', () => {
    const byKind = new Map(createDefaultAdapters(dependencies()).map((adapter) => [adapter.kind, adapter]));
    for (const kind of ['file_store', 'object_store'] as const) {
      expect(typeof byKind.get(kind)?.scan).toBe('function');
      expect(typeof byKind.get(kind)?.listFiles).toBe('function');
    }
    expect(typeof byKind.get('iceberg_catalog')?.scan).toBe('function');
    for (const kind of ['warehouse', 'lakehouse', 'postgres'] as const)
      expect(typeof byKind.get(kind)?.query).toBe('function');
  });

  it('DatasourcesModule provides a registry filled with them, and refuses orchestration kinds', async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [DatasourcesModule.forRoot(dependencies())],
    }).compile();
    const registry = moduleRef.get(DatasourceAdapterRegistry);
    expect(registry.get('postgres')).toBeInstanceOf(PostgresAdapter);
    expect(() => registry.get('scheduler')).toThrow(expect.objectContaining({ errorClass: 'invalid' }));
    await moduleRef.close();
  });
});
