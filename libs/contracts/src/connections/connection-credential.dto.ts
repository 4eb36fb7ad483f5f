import { IsOptional, IsString, Length } from 'class-validator';
import { type ConnectionKind } from './connection-kind';

const SECRET_MAX = 16384;
const ID_MAX = 200;

// Secret material per kind. Accepted only in requests; sealed at rest; never in any response.

export class WarehouseCredential {
  @IsOptional() @IsString() @Length(1, SECRET_MAX) password?: string;
  @IsOptional() @IsString() @Length(1, SECRET_MAX) private_key?: string;
  @IsOptional() @IsString() @Length(1, SECRET_MAX) passphrase?: string;
}

export class LakehouseCredential {
  @IsString() @Length(1, SECRET_MAX) token!: string;
}

export class FileStoreCredential {
  @IsOptional() @IsString() @Length(1, SECRET_MAX) account_key?: string;
  @IsOptional() @IsString() @Length(1, SECRET_MAX) sas_token?: string;
  @IsOptional() @IsString() @Length(1, ID_MAX) tenant_id?: string;
  @IsOptional() @IsString() @Length(1, ID_MAX) client_id?: string;
  @IsOptional() @IsString() @Length(1, SECRET_MAX) client_secret?: string;
}

export class ObjectStoreCredential {
  @IsString() @Length(1, ID_MAX) access_key_id!: string;
  @IsString() @Length(1, SECRET_MAX) secret_access_key!: string;
}

export class IcebergCatalogCredential {
  @IsString() @Length(1, SECRET_MAX) value!: string;
}

export class PostgresCredential {
  @IsString() @Length(1, SECRET_MAX) password!: string;
}

export class ServicePrincipalCredential {
  @IsString() @Length(1, ID_MAX) tenant_id!: string;
  @IsString() @Length(1, ID_MAX) client_id!: string;
  @IsString() @Length(1, SECRET_MAX) client_secret!: string;
}

export class SchedulerCredential {
  @IsString() @Length(1, SECRET_MAX) token!: string;
}

export class BuilderCredential {
  @IsString() @Length(1, SECRET_MAX) token!: string;
  @IsString() @Length(1, SECRET_MAX) webhook_secret!: string;
}

export const CONNECTION_CREDENTIAL_CLASSES: Readonly<Record<ConnectionKind, new () => object>> = {
  warehouse: WarehouseCredential,
  lakehouse: LakehouseCredential,
  file_store: FileStoreCredential,
  object_store: ObjectStoreCredential,
  iceberg_catalog: IcebergCatalogCredential,
  postgres: PostgresCredential,
  factory: ServicePrincipalCredential,
  scheduler: SchedulerCredential,
  builder: BuilderCredential,
};

/**
 * Kinds whose credential takes one of several forms: exactly one set of keys must be present.
 * `passphrase` may accompany `private_key` only.
 */
export const CREDENTIAL_ALTERNATIVES: Partial<
  Readonly<Record<ConnectionKind, readonly (readonly string[])[]>>
> = {
  warehouse: [['password'], ['private_key'], ['private_key', 'passphrase']],
  file_store: [['account_key'], ['sas_token'], ['tenant_id', 'client_id', 'client_secret']],
};
