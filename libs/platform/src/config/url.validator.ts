import { ValidateBy, type ValidationOptions } from 'class-validator';

function hasProtocol(value: string, protocols: readonly string[]): boolean {
  try {
    const url = new URL(value);
    return protocols.includes(url.protocol) && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/**
 * A URL with one of the given schemes (e.g. `['postgres:', 'postgresql:']`) and a host. With
 * `list: true` a comma-separated list of such URLs is accepted (NATS clusters). The message never
 * echoes the value, which may carry a password.
 */
export function IsServiceUrl(
  protocols: readonly string[],
  options: { list?: boolean } = {},
  validationOptions?: ValidationOptions,
): PropertyDecorator {
  const schemes = protocols.map((p) => `${p}//`).join(' or ');
  return ValidateBy(
    {
      name: 'isServiceUrl',
      validator: {
        validate: (value: unknown) =>
          typeof value === 'string' &&
          (options.list ? value.split(',') : [value]).every((part) => hasProtocol(part.trim(), protocols)),
        defaultMessage: () => `must be a ${schemes} URL${options.list ? ' (or a comma-separated list)' : ''}`,
      },
    },
    validationOptions,
  );
}
