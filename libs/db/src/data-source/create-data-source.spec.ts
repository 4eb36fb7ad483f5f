import { type DataSourceOptions, Entity, PrimaryColumn } from 'typeorm';
import { ConsumedEventEntity } from '../entities';
import { loadedEntities } from './loaded-entities';

type PostgresDataSourceOptions = Extract<DataSourceOptions, { type: 'postgres' }>;

/** An entity only this spec loads: the data source maps it without being told. */
@Entity({ name: 'spec_only_rows' })
class SpecOnlyEntity {
  @PrimaryColumn({ name: 'id', type: 'text' })
  id!: string;
}
import { MIGRATIONS } from '../migrations';
import { createDataSource } from './create-data-source';

describe('createDataSource', () => {
  const build = (extra: Partial<Parameters<typeof createDataSource>[0]> = {}) =>
    createDataSource({ url: 'postgres://app@db.internal:5432/dq', applicationName: 'runner', ...extra })
      .options as PostgresDataSourceOptions;

  it('never lets TypeORM change the schema on its own', () => {
    expect(build()).toMatchObject({ synchronize: false, migrationsRun: false, dropSchema: false });
  });

  it('maps every entity class loaded in the process unless told which', () => {
    expect(loadedEntities()).toEqual(expect.arrayContaining([ConsumedEventEntity, SpecOnlyEntity]));
    expect(build().entities).toEqual(loadedEntities());
    expect(build({ entities: [ConsumedEventEntity] }).entities).toEqual([ConsumedEventEntity]);
  });

  it('lists migrations explicitly and records them in schema_migrations', () => {
    const options = build();
    expect(options.migrations).toEqual([...MIGRATIONS]);
    expect(options.migrationsTableName).toBe('schema_migrations');
  });

  it('pins sessions to UTC with a 60 s statement timeout and a pool of 10 kept 5 minutes idle by default', () => {
    const options = build();
    expect(options).toMatchObject({ type: 'postgres', applicationName: 'runner', poolSize: 10 });
    expect(options.extra).toEqual({
      options: '-c TimeZone=UTC',
      statement_timeout: 60_000,
      idleTimeoutMillis: 300_000,
    });
  });

  it('takes the pool size, idle time, statement timeout and logging from the caller', () => {
    const options = build({ poolSize: 3, idleConnectionMs: 1_000, statementTimeoutMs: 0, logging: true });
    expect(options).toMatchObject({ poolSize: 3, logging: true });
    expect(options.extra).toMatchObject({ statement_timeout: 0, idleTimeoutMillis: 1_000 });
  });

  it('does not connect when built', () => {
    expect(
      createDataSource({ url: 'postgres://nobody@127.0.0.1:1/none', applicationName: 'x' }).isInitialized,
    ).toBe(false);
  });
});
