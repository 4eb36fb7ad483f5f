import pino, { type DestinationStream, type Logger } from 'pino';
import { instanceId } from '../bootstrap/instance-id';
import { serializeError } from './database-errors';
import { currentLogContext } from './log-context';
import { REDACTED_PATHS, REDACTION_CENSOR, redactLogLine } from './redaction';

export type { Logger } from 'pino';

export interface CreateLoggerOptions {
  service: string;
  level: string;
  /** Where lines go; stdout (synchronously, so nothing is lost on exit) unless given. */
  destination?: DestinationStream;
}

/**
 * The one JSON-lines logger shape of every service: level names, ISO time, service and instance id,
 * the current log context, secrets redacted by field path and tokens redacted by shape.
 */
export function createLogger(options: CreateLoggerOptions): Logger {
  return pino(
    {
      level: options.level,
      base: { service: options.service, instance_id: instanceId() },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin: () => ({ ...currentLogContext() }),
      redact: { paths: [...REDACTED_PATHS], censor: REDACTION_CENSOR },
      // A failed query's parameters and PostgreSQL's row values never reach a line.
      serializers: { err: serializeError, error: serializeError },
      hooks: { streamWrite: redactLogLine },
    },
    options.destination ?? pino.destination({ dest: 1, sync: true }),
  );
}
