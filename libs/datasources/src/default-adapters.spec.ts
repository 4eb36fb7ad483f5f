import { Test } from '@nestjs/testing';
import { EgressGuard } from '@dq/security';
import { type AdapterDependencies } from './adapter/adapter-dependencies';
import { DatasourceAdapterRegistry } from './adapter/datasource-adapter-registry';
import { DatasourcesModule } from './datasources.module';
import { createDefaultAdapters } from './default-adapters';
import { PostgresAdapter } from './postgres/postgres-adapter';

const dependencies = (): AdapterDependencies => ({ egress: new EgressGuard({ logger: { warn: () => 0 } }) });

describe('default adapters', () => {
  it('has exactly one adapter per kind, PostgreSQL among them', () => {
    const kinds = createDefaultAdapters(dependencies()).map((adapter) => adapter.kind);
    expect(new Set(kinds).size).toBe(kinds.length);
    expect(kinds).toContain('postgres');
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
