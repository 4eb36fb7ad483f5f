import {
  type ConnectionKind,
  DEFAULT_FILE_ENCODING,
  type FlatFileFormat,
  type ShareResponse,
  type SuiteGrant,
  type SuiteResponse,
  parseFlatFileTarget,
} from '@dq/contracts';
import { type SuiteEntity, type SuiteShareEntity } from '../entities';

const FLAT_FILE_KINDS: readonly string[] = ['file_store', 'object_store'];

export function toSuiteResponse(
  suite: SuiteEntity,
  connectionKind: ConnectionKind,
  grant: SuiteGrant,
  checkCount: number,
  ownerName: string,
): SuiteResponse {
  let format: FlatFileFormat | null = null;
  let isPattern = false;
  if (FLAT_FILE_KINDS.includes(connectionKind)) {
    const parsed = parseFlatFileTarget(suite.target);
    if (!('problem' in parsed)) {
      format = parsed.format;
      isPattern = parsed.isPattern;
    }
  }
  return {
    id: suite.id,
    name: suite.name,
    description: suite.description,
    connection_id: suite.connectionId,
    connection_kind: connectionKind,
    target: suite.target,
    target_format: format,
    is_batch_pattern: isPattern,
    time_zone: suite.timeZone,
    file_encoding: FLAT_FILE_KINDS.includes(connectionKind)
      ? (suite.fileEncoding ?? DEFAULT_FILE_ENCODING)
      : null,
    owner_id: suite.ownerId,
    owner_name: ownerName,
    my_grant: grant,
    check_count: checkCount,
    created_at: suite.createdAt.toISOString(),
    updated_at: suite.updatedAt.toISOString(),
  };
}

export function toShareResponse(
  share: SuiteShareEntity,
  user: { email: string; displayName: string | null },
): ShareResponse {
  return {
    user_id: share.userId,
    email: user.email,
    display_name: user.displayName,
    grant: share.grant,
    created_at: share.createdAt.toISOString(),
    updated_at: share.updatedAt.toISOString(),
  };
}
