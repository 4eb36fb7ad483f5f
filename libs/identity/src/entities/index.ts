import { ApiKeyEntity } from './api-key.entity';
import { OtpChallengeEntity } from './otp-challenge.entity';
import { SessionEntity } from './session.entity';
import { UserEntity } from './user.entity';
import { WorkspaceMemberEntity } from './workspace-member.entity';
import { WorkspaceSettingEntity } from './workspace-setting.entity';

export { ApiKeyEntity } from './api-key.entity';
export { OtpChallengeEntity } from './otp-challenge.entity';
export { SessionEntity } from './session.entity';
export { UserEntity, type UserStatus } from './user.entity';
export { WorkspaceMemberEntity } from './workspace-member.entity';
export { WorkspaceSettingEntity } from './workspace-setting.entity';

/** The identity context's tables. */
export const IDENTITY_ENTITIES = [
  UserEntity,
  ApiKeyEntity,
  SessionEntity,
  OtpChallengeEntity,
  WorkspaceMemberEntity,
  WorkspaceSettingEntity,
] as const;
