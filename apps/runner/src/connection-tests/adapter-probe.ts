import { Logger } from '@nestjs/common';
import { DatasourceErrorClass } from '@dq/contracts';
import { type ConnectionProbe } from '@dq/connections';
import { type DatasourceAdapterRegistry, DatasourceError } from '@dq/datasources';

const logger = new Logger('ConnectionTest');

/**
 * Binds the connection-test runner to this runner's adapters. A `DatasourceError` carries a safe
 * message; anything else is a driver or programming error whose text may name hosts or users, so
 * only its type is logged and the caller gets a generic classified failure.
 */
export function adapterProbe(registry: DatasourceAdapterRegistry): ConnectionProbe {
  return async (target, options) => {
    try {
      const details = await registry.get(target.kind).test(target, options);
      return { ok: true, details };
    } catch (error) {
      if (error instanceof DatasourceError) {
        return { ok: false, error: { class: error.errorClass, message: error.message } };
      }
      const type = error instanceof Error ? error.name : typeof error;
      logger.error(`Connection test of a ${target.kind} connection failed unexpectedly (${type})`);
      return {
        ok: false,
        error: { class: DatasourceErrorClass.Invalid, message: 'The connection test failed unexpectedly' },
      };
    }
  };
}
