/**
 * Where the local PostgreSQL, Redis and NATS (JetStream) answer in development and CI; started by
 * `npm run infra:up` (tools/infra-up.sh) or docker compose, on the same ports either way.
 */
export const LOCAL_SERVICES = {
  /** Maintenance database of the server, used to create and drop test databases. */
  postgresAdminUrl: 'postgres://postgres@127.0.0.1:5432/postgres',
  redisUrl: 'redis://127.0.0.1:6379',
  natsUrl: 'nats://127.0.0.1:4222',
} as const;

export const SERVICE_CHECK_TIMEOUT_MS = 3_000;
