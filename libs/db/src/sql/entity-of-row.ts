import { type DataSource, type EntityTarget, type ObjectLiteral } from 'typeorm';

/**
 * An entity from a raw row of its table (an `UPDATE ... RETURNING *`), mapped by the entity's own
 * column metadata, so a write and the read of its result take one round trip instead of two.
 */
export function entityOfRow<T extends ObjectLiteral>(
  dataSource: DataSource,
  target: EntityTarget<T>,
  row: Record<string, unknown>,
): T {
  const metadata = dataSource.getMetadata(target);
  const entity = metadata.create() as T;
  for (const column of metadata.columns) {
    if (column.databaseName in row) column.setEntityValue(entity, row[column.databaseName]);
  }
  return entity;
}
