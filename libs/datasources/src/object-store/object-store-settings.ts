import { DatasourceErrorClass } from '@dq/contracts';
import { type DatasourceConnection, DatasourceError } from '../adapter/datasource-adapter';

/** What an S3 client needs, read from a connection's config and opened credential. */
export interface ObjectStoreSettings {
  bucket: string;
  region: string;
  /** Absent for AWS itself; set for any S3-compatible store. */
  endpointUrl?: string;
  forcePathStyle: boolean;
  accessKeyId: string;
  secretAccessKey: string;
}

export const DEFAULT_OBJECT_STORE_REGION = 'us-east-1';

// The region becomes part of the AWS host name (s3.<region>.amazonaws.com): letters, digits, dashes.
const REGION = /^[a-z0-9][a-z0-9-]{0,62}$/;

function invalid(message: string): DatasourceError {
  return new DatasourceError(DatasourceErrorClass.Invalid, message);
}

function optionalString(config: Record<string, unknown>, key: string): string | undefined {
  const value = config[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || value === '') throw invalid(`The object store setting ${key} is invalid`);
  return value;
}

/**
 * Reads the settings. The gateway validated their shape already; this re-checks what the client
 * relies on so a stored connection from an older shape fails as `invalid`, never as a crash.
 */
export function objectStoreSettings(connection: DatasourceConnection): ObjectStoreSettings {
  const { config, credential } = connection;
  const bucket = optionalString(config, 'bucket');
  if (bucket === undefined) throw invalid('The object store connection has no bucket');
  const region = optionalString(config, 'region') ?? DEFAULT_OBJECT_STORE_REGION;
  if (!REGION.test(region)) throw invalid('The object store region is not a region name');
  const forcePathStyle = config['force_path_style'];
  if (forcePathStyle !== undefined && typeof forcePathStyle !== 'boolean')
    throw invalid('The object store setting force_path_style must be true or false');
  const accessKeyId = credential?.['access_key_id'];
  const secretAccessKey = credential?.['secret_access_key'];
  if (typeof accessKeyId !== 'string' || accessKeyId === '' || typeof secretAccessKey !== 'string')
    throw invalid('The object store connection has no access key');
  return {
    bucket,
    region,
    endpointUrl: optionalString(config, 'endpoint_url'),
    forcePathStyle: forcePathStyle === true,
    accessKeyId,
    secretAccessKey,
  };
}
