import type { EntitySchema } from 'typeorm';

// A TypeORM entity class (or schema), as the data source's `entities` option takes it.
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- TypeORM's own entity type
export type EntityTarget = Function | EntitySchema;

const registered = new Set<EntityTarget>();

/**
 * Each context's entities module calls this when it is loaded, so the data source knows the tables
 * of every context whose code the process runs without libs/db importing the contexts.
 */
export function registerEntities(...entities: readonly EntityTarget[]): void {
  for (const entity of entities) registered.add(entity);
}

/** The entities registered so far, in registration order. */
export function registeredEntities(): EntityTarget[] {
  return [...registered];
}
