import { type FieldViolation } from '@dq/contracts';
import { type CheckKind } from '../kinds/check-kind';

/** Field problems of one kind's `config`, reported on `${prefix}<field>`. */
export type KindConfigValidator = (config: Record<string, unknown>, prefix: string) => FieldViolation[];

const noFields: KindConfigValidator = () => [];

/** The config validator of each non-expectation kind (expectations validate through the catalog). */
export const KIND_CONFIG_VALIDATORS: Readonly<
  Record<Exclude<CheckKind, 'expectation'>, KindConfigValidator>
> = {
  custom_sql: noFields,
  freshness: noFields,
  volume: noFields,
  anomaly: noFields,
  schema_drift: noFields,
  comparison: noFields,
  profile: noFields,
};
