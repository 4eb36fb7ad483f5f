import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import {
  ApiBody,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiResponse,
  ApiTags,
} from '@nestjs/swagger';
import {
  ConnectionListQuery,
  ConnectionPage,
  ConnectionResponse,
  ConnectionVersionPage,
  CreateConnectionRequest,
  ListPageQuery,
  UpdateConnectionRequest,
  ErrorCode,
} from '@dq/contracts';
import { ApiErrors } from '@dq/platform';
import { CurrentPrincipal, type Principal, RequireCapability, WorkspaceCapability, actorOf } from '@dq/auth';
import { ConnectionsService } from '@dq/connections';
import { CONNECTION_EXAMPLES } from '../openapi/request-examples';

/** `/connections`: list and read for anyone signed in, changes for Admins (spec role table). */
@ApiTags('connections')
@Controller('connections')
export class ConnectionsController {
  constructor(private readonly connections: ConnectionsService) {}

  @Get()
  @RequireCapability(WorkspaceCapability.ListConnections)
  @ApiOkResponse({ type: ConnectionPage })
  @ApiOperation({ operationId: 'list_connections' })
  list(@Query() query: ConnectionListQuery): Promise<ConnectionPage> {
    return this.connections.list(query);
  }

  @Post()
  @RequireCapability(WorkspaceCapability.ManageConnections)
  @ApiCreatedResponse({ type: ConnectionResponse })
  @ApiOperation({ operationId: 'create_connection' })
  @ApiBody({ type: CreateConnectionRequest, examples: CONNECTION_EXAMPLES })
  @ApiErrors(ErrorCode.Conflict, ErrorCode.UrlForbidden)
  create(
    @CurrentPrincipal() principal: Principal,
    @Body() body: CreateConnectionRequest,
  ): Promise<ConnectionResponse> {
    return this.connections.create(body, actorOf(principal));
  }

  @Get(':id')
  @RequireCapability(WorkspaceCapability.ListConnections)
  @ApiOkResponse({ type: ConnectionResponse })
  @ApiOperation({ operationId: 'get_connection' })
  get(@Param('id') id: string): Promise<ConnectionResponse> {
    return this.connections.get(id);
  }

  @Patch(':id')
  @RequireCapability(WorkspaceCapability.ManageConnections)
  @ApiOkResponse({ type: ConnectionResponse })
  @ApiOperation({ operationId: 'update_connection' })
  @ApiErrors(ErrorCode.Conflict, ErrorCode.CredentialRedirect, ErrorCode.UrlForbidden)
  update(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Body() body: UpdateConnectionRequest,
  ): Promise<ConnectionResponse> {
    return this.connections.update(id, body, actorOf(principal));
  }

  @Delete(':id')
  @HttpCode(204)
  @RequireCapability(WorkspaceCapability.ManageConnections)
  @ApiResponse({ status: 204, description: 'Deleted; its sealed credential is dropped with it' })
  @ApiResponse({
    status: 409,
    description:
      '`connection_in_use`: suites read it (their target or a comparison baseline); `detail.suites` names those the caller may see, `detail.other_suite_count` counts the rest',
  })
  @ApiOperation({ operationId: 'delete_connection' })
  @ApiErrors(ErrorCode.ConnectionInUse)
  async remove(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<void> {
    await this.connections.delete(id, actorOf(principal));
  }

  /** Config history: Admin and Member (the spec leaves it open; Viewers see only the list). */
  @Get(':id/versions')
  @RequireCapability(WorkspaceCapability.ReferenceConnections)
  @ApiOkResponse({ type: ConnectionVersionPage })
  @ApiOperation({ operationId: 'list_connection_versions' })
  versions(@Param('id') id: string, @Query() query: ListPageQuery): Promise<ConnectionVersionPage> {
    return this.connections.versions(id, query);
  }
}
