import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { UserSearchPage, UserSearchQuery } from '@dq/contracts';
import { CurrentPrincipal, type Principal } from '@dq/auth';
import { UsersService } from '@dq/identity';

/** Finding people to share a suite with. */
@ApiTags('users')
@Controller('users')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Get('search')
  @ApiOkResponse({ type: UserSearchPage })
  @ApiOperation({ operationId: 'search_users' })
  search(@CurrentPrincipal() principal: Principal, @Query() query: UserSearchQuery): Promise<UserSearchPage> {
    return this.users.search(query, { callerRole: principal.user.role });
  }
}
