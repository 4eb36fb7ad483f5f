import { getMetadataArgsStorage } from 'typeorm';

// A TypeORM entity class, as the data source's `entities` option takes it.
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- TypeORM's own entity type
export type EntityTarget = Function;

/**
 * Every entity class loaded in this process: `@Entity` records its class when the module defining
 * it loads, so a data source maps the tables of every context whose code the process runs, and
 * libs/db needs no import of the contexts. Code that uses an entity has loaded it.
 */
export function loadedEntities(): EntityTarget[] {
  return getMetadataArgsStorage()
    .tables.filter((table) => table.type === 'regular')
    .map((table) => table.target)
    .filter((target): target is EntityTarget => typeof target === 'function');
}
