import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Res } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiOkResponse, ApiResponse } from '@nestjs/swagger';
import { type Response } from 'express';
import { CreateSuiteRequest, ImportSuiteResponse, SuiteResponse, UpdateSuiteRequest } from '@dq/contracts';
import { CurrentPrincipal, type Principal, RequireCapability, WorkspaceCapability, actorOf } from '@dq/auth';
import { importRequestOf, type SuiteDocument, SuiteTransferService, SuitesService } from '@dq/suites';

/**
 * `/suites`: every role lists what it can see; Admins and Members create (and own) suites. Suite
 * names are unique in the workspace: a create, rename or import onto a taken name is 409
 * `suite_name_taken`.
 */
@Controller('suites')
export class SuitesController {
  constructor(
    private readonly suites: SuitesService,
    private readonly transfer: SuiteTransferService,
  ) {}

  @Get()
  @RequireCapability(WorkspaceCapability.UseSharedSuites)
  @ApiOkResponse({ type: [SuiteResponse] })
  list(@CurrentPrincipal() principal: Principal): Promise<SuiteResponse[]> {
    return this.suites.list(actorOf(principal));
  }

  @Post()
  @RequireCapability(WorkspaceCapability.CreateSuites)
  @ApiCreatedResponse({ description: 'The suite, owned by the caller', type: SuiteResponse })
  @ApiResponse({ status: 409, description: '`suite_name_taken`: another suite has this name' })
  @ApiResponse({ status: 422, description: '`validation_failed`: a field is wrong (`detail.fields`)' })
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
    schema: { type: 'object' },
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
  get(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<SuiteResponse> {
    return this.suites.get(actorOf(principal), id);
  }

  @Patch(':id')
  @RequireCapability(WorkspaceCapability.UseSharedSuites)
  @ApiResponse({ status: 409, description: "`suite_name_taken`: a rename onto another suite's name" })
  @ApiOkResponse({ type: SuiteResponse })
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
  async remove(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<void> {
    await this.suites.delete(actorOf(principal), id);
  }

  @Get(':id/export')
  @RequireCapability(WorkspaceCapability.UseSharedSuites)
  export(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<SuiteDocument> {
    return this.transfer.export(actorOf(principal), id);
  }
}
