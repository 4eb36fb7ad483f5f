/* eslint-disable no-console -- a command-line tool: its output is where the catalog listens. */
// `node -r ./tools/register.cjs tools/peers/iceberg-rest-catalog.ts [--token <token>] [--position-deletes]`:
// for demos and local use. Starts an S3 peer (moto, from the peers' venv), uploads the Iceberg
// fixture tables (fixtures/iceberg) to it and serves them through the Iceberg REST
// catalog peer on loopback (the same server code the tests use). Prints the connection config to
// paste into an `iceberg_catalog` connection, then runs until interrupted (Ctrl-C stops both).
import { randomBytes } from 'node:crypto';
import { startIcebergCatalogPeer } from '@dq/testing';

function parseArguments(argv: string[]): { token: string; positionDeletes: boolean } {
  let token = `demo-${randomBytes(9).toString('hex')}`;
  let positionDeletes = false;
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index];
    if (argument === '--token' && argv[index + 1]) token = argv[++index] ?? token;
    else if (argument === '--position-deletes') positionDeletes = true;
    else {
      console.error('usage: iceberg-rest-catalog.ts [--token <token>] [--position-deletes]');
      process.exit(2);
    }
  }
  return { token, positionDeletes };
}

async function main(): Promise<void> {
  const { token, positionDeletes } = parseArguments(process.argv.slice(2));
  const peer = await startIcebergCatalogPeer({ token });
  const targets = peer.tables.map((table) => `fixtures.${table}`);
  if (positionDeletes) targets.push((await peer.addPositionDeletesTable()).target);
  console.log(
    JSON.stringify(
      {
        kind: 'iceberg_catalog',
        config: { catalog_uri: peer.catalogUri, secret_property: 'token' },
        credential: { value: token },
        targets,
        note: 'loopback http: the runner needs EGRESS_ALLOW_LOOPBACK_FOR_TESTS=true (tests and local demos only)',
      },
      null,
      2,
    ),
  );
  const stop = (): void => {
    peer.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
