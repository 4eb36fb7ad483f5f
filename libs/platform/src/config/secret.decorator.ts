import 'reflect-metadata';

const SECRET_KEYS = Symbol('dq:config:secret-keys');

/**
 * Marks a config property as secret: its value is redacted by `describeConfig` and never echoed in a
 * `ConfigError`. Inherited by subclasses.
 */
export function Secret(): PropertyDecorator {
  return (target, propertyKey) => {
    const inherited = (Reflect.getMetadata(SECRET_KEYS, target) as string[] | undefined) ?? [];
    Reflect.defineMetadata(SECRET_KEYS, [...inherited, String(propertyKey)], target);
  };
}

/** Names of the secret properties of a config class (including inherited ones). */
export function secretKeys(schema: abstract new () => object): ReadonlySet<string> {
  return new Set(
    (Reflect.getMetadata(SECRET_KEYS, schema.prototype as object) as string[] | undefined) ?? [],
  );
}
