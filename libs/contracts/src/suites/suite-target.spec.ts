import { ConnectionKind } from '../connections/connection-kind';
import { formatIcebergTableName, parseIcebergTableName, suiteTargetProblem } from './suite-target';

describe('Iceberg table names', () => {
  it.each([
    ['sales.orders', ['sales'], 'orders'],
    // Hyphens, digits first and other characters the REST spec allows need no quotes.
    ['fixtures.pyiceberg-v1-overwrite', ['fixtures'], 'pyiceberg-v1-overwrite'],
    ['lake.2026-raw.events', ['lake', '2026-raw'], 'events'],
    ['ventes.commandes-été', ['ventes'], 'commandes-été'],
    // A part with a dot, a space or a quote is double-quoted, "" for a quote inside.
    ['sales."orders.v2"', ['sales'], 'orders.v2'],
    ['"my lake"."a b"', ['my lake'], 'a b'],
    ['sales."say ""hi"""', ['sales'], 'say "hi"'],
    ['a.b.c.d', ['a', 'b', 'c'], 'd'],
    ['`odd`.t', ['`odd`'], 't'],
  ])('%s is namespace %j, table %s', (raw, namespace, table) => {
    expect(parseIcebergTableName(raw)).toEqual({ namespace, table });
    expect(suiteTargetProblem(ConnectionKind.IcebergCatalog, raw)).toBeNull();
  });

  it.each([
    ['orders', 'must name a namespace and a table'],
    ['sales.', 'empty part'],
    ['.orders', 'empty part'],
    ['sales..orders', 'empty part'],
    ['sales."orders', 'not closed'],
    ['sales.""', 'quoted part is empty'],
    ['sales."a"b', 'followed by a dot'],
    ['sales.a b', 'must be double-quoted'],
    ['sales.a"b', 'must be double-quoted'],
    ['sales.a\u001fb', 'control characters'],
    [Array.from({ length: 18 }, () => 'n').join('.'), 'more than 16 namespace levels'],
  ])('%j is refused (%s)', (raw, why) => {
    const parsed = parseIcebergTableName(raw);
    expect('problem' in parsed && parsed.problem).toContain(why);
    expect(suiteTargetProblem(ConnectionKind.IcebergCatalog, raw)).toContain(why);
  });

  it('formats names back the one way they are written, and parses its own output', () => {
    for (const name of [
      { namespace: ['fixtures'], table: 'pyiceberg-v1-overwrite' },
      { namespace: ['a.b', 'c'], table: 'say "hi"' },
      { namespace: ['my lake'], table: 'x' },
    ]) {
      const written = formatIcebergTableName(name);
      expect(parseIcebergTableName(written)).toEqual(name);
    }
    expect(formatIcebergTableName({ namespace: ['sales'], table: 'orders.v2' })).toBe('sales."orders.v2"');
  });

  it('leaves the SQL kinds as they were', () => {
    expect(suiteTargetProblem(ConnectionKind.Postgres, 'public.orders')).toBeNull();
    expect(suiteTargetProblem(ConnectionKind.Postgres, 'public.my-orders')).not.toBeNull();
  });
});
