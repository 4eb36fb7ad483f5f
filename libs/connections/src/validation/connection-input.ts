import { plainToInstance } from 'class-transformer';
import { type ValidationError, getMetadataStorage, validateSync } from 'class-validator';
import {
  AppError,
  CONNECTION_CONFIG_CLASSES,
  CONNECTION_CREDENTIAL_CLASSES,
  CREDENTIAL_ALTERNATIVES,
  type ConnectionKind,
  ErrorCode,
  type FieldViolation,
} from '@dq/contracts';
import { toFieldViolations } from '@dq/platform';

function invalid(fields: FieldViolation[]): AppError {
  return new AppError(ErrorCode.ValidationFailed, 'Request validation failed', { fields });
}

/** Settings a kind's config takes when they are left out (or null), stored so a read shows them. */
const CONFIG_DEFAULTS: Partial<Record<ConnectionKind, Record<string, unknown>>> = {
  // libpq's default: TLS when the server offers it, plain otherwise.
  postgres: { sslmode: 'prefer' },
};

/** Checks one kind's config: known fields only, each well-formed. Returns a plain copy with defaults. */
export function checkConfig(kind: ConnectionKind, config: Record<string, unknown>): Record<string, unknown> {
  const instance = plainToInstance(CONNECTION_CONFIG_CLASSES[kind], config);
  const errors = validateSync(instance, {
    whitelist: true,
    forbidNonWhitelisted: true,
    validationError: { target: false, value: false },
  });
  if (errors.length > 0) throw invalid(toFieldViolations(errors, 'config.'));
  const properties = config['properties'];
  if (properties != null && Object.values(properties).some((v) => typeof v !== 'string')) {
    throw invalid([{ field: 'config.properties', problems: ['properties must map names to strings'] }]);
  }
  return withConfigDefaults(kind, config);
}

/** A copy of a config with the kind's defaults filled in where a field is left out (or null). */
export function withConfigDefaults(
  kind: ConnectionKind,
  config: Record<string, unknown>,
): Record<string, unknown> {
  const checked = { ...config };
  for (const [key, value] of Object.entries(CONFIG_DEFAULTS[kind] ?? {}))
    if (checked[key] === undefined || checked[key] === null) checked[key] = value;
  return checked;
}

/**
 * Checks one kind's credential. Values are never echoed: a problem names the field only. Kinds
 * with alternative forms accept exactly one form.
 */
export function checkCredential(
  kind: ConnectionKind,
  credential: Record<string, unknown>,
): Record<string, unknown> {
  const instance = plainToInstance(CONNECTION_CREDENTIAL_CLASSES[kind], credential);
  const errors = validateSync(instance, {
    whitelist: true,
    forbidNonWhitelisted: true,
    validationError: { target: false, value: false },
  });
  if (errors.length > 0) throw invalid(credentialViolations(kind, errors));
  const forms = CREDENTIAL_ALTERNATIVES[kind];
  if (forms !== undefined) {
    const given = Object.keys(credential).sort().join(',');
    if (!forms.some((form) => [...form].sort().join(',') === given)) {
      const expected = forms.map((form) => form.join('+')).join(' or ');
      throw invalid([{ field: 'credential', problems: [`credential must be one of: ${expected}`] }]);
    }
  }
  return { ...credential };
}

/**
 * A credential's problems, naming only the fields its kind takes: a key the kind does not take is
 * never repeated back, since a secret pasted as a property name would be echoed in the answer.
 */
export function credentialViolations(
  kind: ConnectionKind,
  errors: readonly ValidationError[],
): FieldViolation[] {
  const unknown = errors.some((error) => error.constraints?.['whitelistValidation'] !== undefined);
  const known = errors.filter((error) => error.constraints?.['whitelistValidation'] === undefined);
  const violations = toFieldViolations(known, 'credential.');
  if (unknown) {
    const fields = [
      ...new Set(
        getMetadataStorage()
          .getTargetValidationMetadatas(CONNECTION_CREDENTIAL_CLASSES[kind], '', true, false)
          .map((metadata) => metadata.propertyName),
      ),
    ].sort();
    violations.unshift({
      field: 'credential',
      problems: [
        `credential holds a field a ${kind} credential does not take; it takes: ${fields.join(', ')}`,
      ],
    });
  }
  return violations;
}
