import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  ParseUUIDPipe,
  Patch,
  Post,
  Query,
} from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import {
  ApiKeyCreatedResponse,
  ApiKeyPage,
  CreateApiKeyRequest,
  ListPageQuery,
  MeResponse,
  PatchMeRequest,
  ErrorCode,
} from '@dq/contracts';
import { ApiErrors } from '@dq/platform';
import { CurrentPrincipal, type Principal, actorOf } from '@dq/auth';
import { ApiKeysService, UsersService } from '@dq/identity';

/** The caller's own account and API keys. Any authenticated caller, including an existing PAT. */
@ApiTags('me')
@Controller('me')
export class MeController {
  constructor(
    private readonly users: UsersService,
    private readonly apiKeys: ApiKeysService,
  ) {}

  @Get()
  @ApiOkResponse({ type: MeResponse })
  @ApiOperation({ operationId: 'get_me' })
  me(@CurrentPrincipal() principal: Principal): MeResponse {
    const { user, credential } = principal;
    return {
      id: user.id,
      display_name: user.display_name,
      email: user.email,
      role: user.role,
      is_workspace_admin: user.is_workspace_admin,
      credential: credential.kind,
    };
  }

  @Patch()
  @ApiOkResponse({ type: MeResponse })
  @ApiOperation({ operationId: 'update_me' })
  async update(@CurrentPrincipal() principal: Principal, @Body() body: PatchMeRequest): Promise<MeResponse> {
    const user = await this.users.updateDisplayName(principal.user.id, body.display_name, actorOf(principal));
    return this.users.toMeResponse(user, principal.credential.kind);
  }

  @Post('api-keys')
  @ApiCreatedResponse({ description: 'The key, with its token shown this once', type: ApiKeyCreatedResponse })
  @ApiResponse({
    status: 409,
    description: '`api_key_limit`: the caller already holds 50 live keys (`detail.limit`); revoke one first',
  })
  @ApiOperation({ operationId: 'create_api_key' })
  @ApiErrors(ErrorCode.ApiKeyLimit)
  mintApiKey(
    @CurrentPrincipal() principal: Principal,
    @Body() body: CreateApiKeyRequest,
  ): Promise<ApiKeyCreatedResponse> {
    return this.apiKeys.mint(principal.user.id, body, actorOf(principal));
  }

  @Get('api-keys')
  @ApiOkResponse({ type: ApiKeyPage })
  @ApiOperation({ operationId: 'list_api_keys' })
  listApiKeys(@CurrentPrincipal() principal: Principal, @Query() query: ListPageQuery): Promise<ApiKeyPage> {
    return this.apiKeys.list(principal.user.id, query);
  }

  @Delete('api-keys/:id')
  @HttpCode(204)
  @ApiOperation({ operationId: 'delete_api_key' })
  async revokeApiKey(
    @CurrentPrincipal() principal: Principal,
    @Param('id', new ParseUUIDPipe({ version: '4', errorHttpStatusCode: 404 })) id: string,
  ): Promise<void> {
    await this.apiKeys.revoke(principal.user.id, id, actorOf(principal));
  }
}
