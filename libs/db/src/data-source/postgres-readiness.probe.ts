import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** The shape the platform's readiness registry accepts; declared here so db does not depend on it. */
interface ReadinessProbe {
  readonly name: string;
  check(): Promise<void>;
}

export const POSTGRES_PROBE_TIMEOUT_MS = 2_000;

/** Ready when PostgreSQL answers `SELECT 1` within a short bound; a hung pool counts as not ready. */
@Injectable()
export class PostgresReadinessProbe implements ReadinessProbe {
  readonly name = 'postgres';

  constructor(private readonly dataSource: DataSource) {}

  async check(): Promise<void> {
    if (!this.dataSource.isInitialized) throw new Error('PostgreSQL data source is not initialized');
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`PostgreSQL did not answer within ${POSTGRES_PROBE_TIMEOUT_MS} ms`)),
        POSTGRES_PROBE_TIMEOUT_MS,
      );
    });
    try {
      await Promise.race([this.dataSource.query('SELECT 1'), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}
