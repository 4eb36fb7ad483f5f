import { Type } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsObject,
  IsString,
  IsUUID,
  Length,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { CONNECTION_KINDS, type ConnectionKind } from '../connections/connection-kind';
import {
  type ClassifiedDatasourceError,
  type ConnectionTestResult,
  DatasourceErrorClass,
} from './datasource-error';

/** A sealed credential envelope is small; anything larger is not one of ours. */
const SEALED_MAX = 65536;

/**
 * `Requests.DatasourceTest`: the gateway asks the runner to test a connection. A saved connection
 * sends its id (the runner reads config and ciphertext itself); a draft sends its config and its
 * credential SEALED with the shared key ring under a one-off `draft:<uuid>` AAD, never plaintext.
 */
export class DatasourceTestRequest {
  @ValidateIf((o: DatasourceTestRequest) => o.connection_id !== null)
  @IsUUID()
  connection_id!: string | null;

  @IsIn(CONNECTION_KINDS)
  kind!: ConnectionKind;

  @IsObject()
  config!: Record<string, unknown>;

  @ValidateIf((o: DatasourceTestRequest) => o.sealed_credential !== null)
  @IsString()
  @Length(1, SEALED_MAX)
  sealed_credential!: string | null;

  @IsString()
  @Length(1, 200)
  aad!: string;
}

export class ClassifiedDatasourceErrorPayload implements ClassifiedDatasourceError {
  @IsIn(Object.values(DatasourceErrorClass))
  class!: DatasourceErrorClass;

  @IsString()
  @MaxLength(1000)
  message!: string;
}

/** The runner's answer: a `ConnectionTestResult` (a failed test is a result, not an RPC error). */
export class DatasourceTestReply implements ConnectionTestResult {
  @IsBoolean()
  ok!: boolean;

  @ValidateIf((o: DatasourceTestReply) => o.error !== null)
  @ValidateNested()
  @Type(() => ClassifiedDatasourceErrorPayload)
  error!: ClassifiedDatasourceErrorPayload | null;

  @IsObject()
  details!: Record<string, unknown>;

  @IsInt()
  @Min(0)
  duration_ms!: number;
}
