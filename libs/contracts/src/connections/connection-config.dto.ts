import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Length,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { type ConnectionKind } from './connection-kind';

const TEXT_MAX = 200;
const URL_MAX = 2048;

// Non-secret settings per kind. Secrets never live here: they go in the credential object.

export class WarehouseConfig {
  @IsString() @Length(1, TEXT_MAX) account!: string;
  @IsString() @Length(1, TEXT_MAX) user!: string;
  @IsOptional() @IsString() @Length(1, TEXT_MAX) warehouse?: string;
  @IsOptional() @IsString() @Length(1, TEXT_MAX) role?: string;
  @IsOptional() @IsString() @Length(1, TEXT_MAX) database?: string;
  @IsOptional() @IsString() @Length(1, TEXT_MAX) schema?: string;
}

export class LakehouseConfig {
  @IsString() @Length(1, URL_MAX) workspace_url!: string;
  @IsString() @Length(1, TEXT_MAX) http_path!: string;
}

export class FileStoreConfig {
  @IsString() @Length(1, URL_MAX) account_url!: string;
  @IsString() @Length(1, TEXT_MAX) filesystem!: string;
}

export class ObjectStoreConfig {
  @IsString() @Length(1, TEXT_MAX) bucket!: string;
  @IsOptional() @IsString() @Length(1, TEXT_MAX) region?: string;
  @IsOptional() @IsString() @Length(1, URL_MAX) endpoint_url?: string;
  @IsOptional() @IsBoolean() force_path_style?: boolean;
}

export class IcebergCatalogConfig {
  @IsString() @Length(1, URL_MAX) catalog_uri!: string;
  @IsOptional() @IsString() @Length(1, TEXT_MAX) warehouse?: string;
  /** String map passed to the catalog; values are checked in the service. */
  @IsOptional() @IsObject() properties?: Record<string, string>;
  /** Name of the property that carries the secret (its value is the credential). */
  @IsOptional() @IsString() @Length(1, TEXT_MAX) secret_property?: string;
}

export class PostgresConfig {
  @IsString() @Length(1, 253) host!: string;
  @IsInt() @Min(1) @Max(65535) port!: number;
  @IsString() @Length(1, TEXT_MAX) database!: string;
  @IsString() @Length(1, TEXT_MAX) user!: string;
  /** libpq's modes; left out, the service stores `prefer` (libpq's default). */
  @IsOptional() @IsIn(['disable', 'prefer', 'require', 'verify-ca', 'verify-full']) sslmode?: string;
}

export class FactoryConfig {
  @IsString() @Length(1, TEXT_MAX) subscription_id!: string;
  @IsString() @Length(1, TEXT_MAX) resource_group!: string;
  @IsString() @Length(1, TEXT_MAX) factory_name!: string;
}

export class SchedulerConfig {
  @IsString() @Length(1, URL_MAX) base_url!: string;
  @IsOptional() @IsIn(['token']) auth_type?: 'token';
}

export class BuilderConfig {
  @IsString() @Length(1, TEXT_MAX) project_name!: string;
  @IsArray()
  @ArrayMaxSize(500)
  @IsString({ each: true })
  @Length(1, TEXT_MAX, { each: true })
  jobs!: string[];
  @IsString() @Length(1, URL_MAX) artifacts_uri!: string;
  @IsOptional() @IsString() @Length(1, URL_MAX) endpoint_url?: string;
  @IsOptional() @IsString() @MaxLength(URL_MAX) lineage_namespace?: string;
}

export const CONNECTION_CONFIG_CLASSES: Readonly<Record<ConnectionKind, new () => object>> = {
  warehouse: WarehouseConfig,
  lakehouse: LakehouseConfig,
  file_store: FileStoreConfig,
  object_store: ObjectStoreConfig,
  iceberg_catalog: IcebergCatalogConfig,
  postgres: PostgresConfig,
  factory: FactoryConfig,
  scheduler: SchedulerConfig,
  builder: BuilderConfig,
};
