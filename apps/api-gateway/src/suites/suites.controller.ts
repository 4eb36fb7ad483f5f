import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Req, Res } from '@nestjs/common';
import {
  ApiBody,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiExtraModels,
  ApiOperation,
  ApiResponse,
  ApiTags,
} from '@nestjs/swagger';
import { type Request, type Response } from 'express';
import {
  CreateSuiteRequest,
  ImportSuiteResponse,
  SuiteDocument,
  SuiteListQuery,
  SuiteResponse,
  UpdateSuiteRequest,
  ErrorCode,
} from '@dq/contracts';
import { ApiCreates, ApiErrors, setPageHeaders } from '@dq/platform';
import { CurrentPrincipal, type Principal, RequireCapability, WorkspaceCapability, actorOf } from '@dq/auth';
import { importRequestOf, SuiteTransferService, SuitesService } from '@dq/suites';
import { SUITE_IMPORT_SCHEMA } from './suite-document.schema';
import { SUITE_EXAMPLES } from '../openapi/request-examples';

/**
 * `/suites`: every role lists what it can see; Admins and Members create (and own) suites. Suite
 * names are unique in the workspace: a create, rename or import onto a taken name is 409
 * `suite_name_taken`.
 */
@ApiTags('suites')
@ApiExtraModels(SuiteDocument)
@Controller('suites')
export class SuitesController {
  constructor(
    private readonly suites: SuitesService,
    private readonly transfer: SuiteTransferService,
  ) {}

  @Get()
  @RequireCapability(WorkspaceCapability.UseSharedSuites)
  @ApiOkResponse({
    type: [SuiteResponse],
    description: 'One page of the suites the caller can see, by name',
    headers: {
      'X-Total-Count': { description: 'Suites matching the filters in all', schema: { type: 'integer' } },
      Link: { description: '`<...>; rel="next"` when another page follows', schema: { type: 'string' } },
    },
  })
  @ApiOperation({ operationId: 'list_suites' })
  async list(
    @CurrentPrincipal() principal: Principal,
    @Query() query: SuiteListQuery,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<SuiteResponse[]> {
    const page = await this.suites.list(actorOf(principal), query);
    setPageHeaders(request, response, page);
    return page.items;
  }

  @Post()
  @RequireCapability(WorkspaceCapability.CreateSuites)
  @ApiCreatedResponse({ description: 'The suite, owned by the caller', type: SuiteResponse })
  @ApiResponse({ status: 409, description: '`suite_name_taken`: another suite has this name' })
  @ApiResponse({ status: 422, description: '`validation_failed`: a field is wrong (`detail.fields`)' })
  @ApiOperation({ operationId: 'create_suite' })
  @ApiBody({ type: CreateSuiteRequest, examples: SUITE_EXAMPLES })
  @ApiErrors(ErrorCode.SuiteNameTaken, ErrorCode.NotFound)
  create(@CurrentPrincipal() principal: Principal, @Body() body: CreateSuiteRequest): Promise<SuiteResponse> {
    return this.suites.create(actorOf(principal), body);
  }

  /**
   * 201 when the document made a new suite, 200 when it updated one the caller may edit. The body
   * is `{document, connection_map?}` or the bare document as `GET /suites/{id}/export` answers it
   * (so it is checked by `importRequestOf`, not by a DTO); 409 `suite_name_taken` when a suite the
   * caller may not edit has the name.
   */
  @Post('import')
  @RequireCapability(WorkspaceCapability.CreateSuites)
  @ApiBody({
    description:
      '`{document, connection_map?}`, or the bare document exactly as `GET /suites/{id}/export` answers it',
    schema: SUITE_IMPORT_SCHEMA,
  })
  @ApiResponse({ status: 201, description: 'A new suite made from the document', type: ImportSuiteResponse })
  @ApiResponse({
    status: 200,
    description: 'The same-named suite the caller may edit, updated in place',
    type: ImportSuiteResponse,
  })
  @ApiResponse({
    status: 409,
    description: '`suite_name_taken`: a suite the caller may not edit (or cannot see) has the name',
  })
  @ApiResponse({
    status: 422,
    description:
      '`validation_failed`: the document does not import (`detail.fields`, `unresolved_connections`)',
  })
  @ApiOperation({ operationId: 'import_suite' })
  @ApiCreates('suites/:id', '/suite/id')
  @ApiErrors(ErrorCode.SuiteNameTaken)
  async import(
    @CurrentPrincipal() principal: Principal,
    @Body() body: unknown,
    @Res({ passthrough: true }) response: Response,
  ): Promise<ImportSuiteResponse> {
    const result = await this.transfer.import(actorOf(principal), importRequestOf(body));
    response.status(result.created ? 201 : 200);
    return result;
  }

  @Get(':id')
  @RequireCapability(WorkspaceCapability.UseSharedSuites)
  @ApiOkResponse({ type: SuiteResponse })
  @ApiOperation({ operationId: 'get_suite' })
  get(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<SuiteResponse> {
    return this.suites.get(actorOf(principal), id);
  }

  @Patch(':id')
  @RequireCapability(WorkspaceCapability.UseSharedSuites)
  @ApiResponse({ status: 409, description: "`suite_name_taken`: a rename onto another suite's name" })
  @ApiOkResponse({ type: SuiteResponse })
  @ApiOperation({ operationId: 'update_suite' })
  @ApiErrors(ErrorCode.SuiteNameTaken)
  update(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Body() body: UpdateSuiteRequest,
  ): Promise<SuiteResponse> {
    return this.suites.update(actorOf(principal), id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequireCapability(WorkspaceCapability.UseSharedSuites)
  @ApiOperation({ operationId: 'delete_suite' })
  async remove(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<void> {
    await this.suites.delete(actorOf(principal), id);
  }

  @Get(':id/export')
  @RequireCapability(WorkspaceCapability.UseSharedSuites)
  @ApiOperation({ operationId: 'export_suite' })
  @ApiOkResponse({
    description: 'The portable suite document: no ids, no secrets; connections named by name and kind',
    type: SuiteDocument,
  })
  export(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<SuiteDocument> {
    return this.transfer.export(actorOf(principal), id);
  }
}
