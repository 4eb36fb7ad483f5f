import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CheckKindDescription, CheckKindListQuery, CheckKindPage } from '@dq/contracts';
import { describeCheckKind, listCheckKinds } from '@dq/check-engine';

/**
 * `/check-kinds`: the check kinds and expectation types as the engine defines them, for any
 * authenticated caller (nothing in it belongs to a workspace).
 */
@ApiTags('checks')
@Controller('check-kinds')
export class CheckKindsController {
  @Get()
  @ApiOkResponse({ type: CheckKindPage })
  @ApiOperation({ operationId: 'list_check_kinds' })
  list(@Query() query: CheckKindListQuery): CheckKindPage {
    return listCheckKinds(query);
  }

  @Get(':kind')
  @ApiOkResponse({ type: CheckKindDescription })
  @ApiOperation({ operationId: 'get_check_kind' })
  get(@Param('kind') kind: string): CheckKindDescription {
    return describeCheckKind(kind);
  }
}
