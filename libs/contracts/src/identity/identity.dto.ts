import { ApiProperty } from '@nestjs/swagger';
import { IsEmail, IsInt, IsOptional, IsString, Length, Matches, Max, MaxLength, Min } from 'class-validator';
import { CredentialKind, WORKSPACE_ROLES, type WorkspaceRole } from './roles';
import { ListPageQuery } from '../paging/list-page';

/** Names are 1 to 200 characters (docs/decisions/0018). */
export const NAME_MAX_LENGTH = 200;
export const API_KEY_DEFAULT_DAYS = 90;
export const API_KEY_MAX_DAYS = 365;
/** Live (unrevoked, unexpired) API keys one user may hold at once. */
export const API_KEY_MAX_LIVE = 50;
export const OTP_CODE_LENGTH = 8;

/** `GET /me` */
export class MeResponse {
  @ApiProperty()
  id!: string;

  @ApiProperty()
  display_name!: string;

  @ApiProperty()
  email!: string;

  @ApiProperty({ enum: WORKSPACE_ROLES })
  role!: WorkspaceRole;

  @ApiProperty()
  is_workspace_admin!: boolean;

  @ApiProperty({ enum: Object.values(CredentialKind) })
  credential!: CredentialKind;
}

/** `PATCH /me` */
export class PatchMeRequest {
  @IsString()
  @Length(1, NAME_MAX_LENGTH)
  display_name!: string;
}

/** `POST /me/api-keys` */
export class CreateApiKeyRequest {
  @IsString()
  @Length(1, NAME_MAX_LENGTH)
  name!: string;

  // No string-to-number conversion: a JSON body states the number itself.
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(API_KEY_MAX_DAYS)
  expires_in_days?: number;
}

/** One key in `GET /me/api-keys`: metadata only, never the token. */
export class ApiKeyResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty()
  name!: string;

  @ApiProperty()
  key_prefix!: string;

  @ApiProperty({ format: 'date-time' })
  expires_at!: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  last_used_at!: string | null;

  @ApiProperty({ format: 'date-time' })
  created_at!: string;
}

/** One page of `GET /me/api-keys`, newest key first. */
export class ApiKeyPage {
  @ApiProperty({ type: [ApiKeyResponse] })
  items!: ApiKeyResponse[];

  @ApiProperty({ type: String, nullable: true })
  next_cursor!: string | null;
}

/** `POST /me/api-keys` response: the only place the plaintext token ever appears. */
export class ApiKeyCreatedResponse extends ApiKeyResponse {
  @ApiProperty()
  token!: string;
}

/** `POST /auth/otp/request` */
export class OtpRequestBody {
  @IsEmail()
  @MaxLength(320)
  email!: string;
}

/** `POST /auth/otp/verify` */
export class OtpVerifyBody {
  @IsEmail()
  @MaxLength(320)
  email!: string;

  @Matches(/^\d{8}$/, { message: 'code must be 8 digits' })
  code!: string;
}

/** `GET /users/search?q=`: by display name (then id); 20 a page unless `limit` says otherwise. */
export class UserSearchQuery extends ListPageQuery {
  @IsString()
  @Length(1, NAME_MAX_LENGTH)
  q!: string;
}

export class UserSearchResult {
  @ApiProperty()
  id!: string;

  @ApiProperty()
  display_name!: string;

  @ApiProperty()
  email!: string;

  @ApiProperty({ enum: WORKSPACE_ROLES })
  role!: WorkspaceRole;

  /** The highest share this user can receive: a Viewer is capped at `view`. */
  @ApiProperty({ enum: ['view', 'edit'] })
  max_share!: 'view' | 'edit';
}

/** One page of `GET /users/search`. */
export class UserSearchPage {
  @ApiProperty({ type: [UserSearchResult] })
  items!: UserSearchResult[];

  @ApiProperty({ type: String, nullable: true })
  next_cursor!: string | null;
}
