import { Controller, Get, HttpCode, Logger, Param, Post, Query, Res } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { type Response } from 'express';
import {
  CancelledRunView,
  ComparisonReportQuery,
  RunDetailView,
  RunListQuery,
  RunPage,
  RunProgressView,
  ErrorCode,
} from '@dq/contracts';
import { ApiErrors } from '@dq/platform';
import { CurrentPrincipal, type Principal, RequireCapability, WorkspaceCapability, actorOf } from '@dq/auth';
import { ComparisonReportService, RunCancellationService, RunReadsService } from '@dq/runs';
import { ReportAbortedError, reportWriterFor } from '@dq/reports';

/** What `reportWriterFor` answers a comparison report as, per format. */
const REPORT_CONTENT_TYPES = [reportWriterFor('csv').contentType, reportWriterFor('xlsx').contentType];

/**
 * Runs and their results. Every route answers a run of a suite the caller cannot see as "not
 * found"; cancelling needs `edit` on the suite. List and run reads are audited as data access.
 */
@ApiTags('runs')
@Controller('runs')
@RequireCapability(WorkspaceCapability.UseSharedSuites)
export class RunsController {
  private readonly logger = new Logger(RunsController.name);

  constructor(
    private readonly reads: RunReadsService,
    private readonly cancellation: RunCancellationService,
    private readonly comparisonReports: ComparisonReportService,
  ) {}

  @Get()
  @ApiOkResponse({ type: RunPage })
  @ApiOperation({ operationId: 'list_runs' })
  // A `suite_id` the caller cannot see is not found, as on the suite's own routes.
  @ApiErrors(ErrorCode.NotFound)
  list(@CurrentPrincipal() principal: Principal, @Query() query: RunListQuery): Promise<RunPage> {
    return this.reads.list(actorOf(principal), query);
  }

  @Get(':id')
  @ApiOkResponse({ type: RunDetailView })
  @ApiOperation({ operationId: 'get_run' })
  get(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<RunDetailView> {
    return this.reads.get(actorOf(principal), id);
  }

  @Get(':id/progress')
  @ApiOkResponse({ type: RunProgressView })
  @ApiOperation({ operationId: 'get_run_progress' })
  progress(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<RunProgressView> {
    return this.reads.progress(actorOf(principal), id);
  }

  /** 202: a queued run is cancelled at once; a running one stops as soon as its runner hears. */
  @Post(':id/cancel')
  @HttpCode(202)
  @ApiAcceptedResponse({ type: CancelledRunView })
  @ApiOperation({ operationId: 'cancel_run' })
  @ApiErrors(ErrorCode.Conflict)
  cancel(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<CancelledRunView> {
    return this.cancellation.cancel(actorOf(principal), id);
  }

  /**
   * The diff report of a comparison result as CSV or XLSX, streamed as it is written. Every refusal
   * is answered before the first byte; once the report streams, a failure can only cut it short.
   */
  @Get(':id/results/:rid/comparison_report')
  @ApiOperation({ operationId: 'get_comparison_report' })
  @ApiProduces(...REPORT_CONTENT_TYPES)
  @ApiOkResponse({
    description: 'The diff report as an attachment, CSV (`format=csv`, the default) or XLSX',
    content: Object.fromEntries(
      REPORT_CONTENT_TYPES.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]),
    ),
  })
  @ApiErrors(ErrorCode.Conflict)
  async comparisonReport(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Param('rid') resultId: string,
    @Query() query: ComparisonReportQuery,
    @Res() response: Response,
  ): Promise<void> {
    const format = query.format ?? 'csv';
    const report = await this.comparisonReports.open(actorOf(principal), id, resultId, format);
    const writer = reportWriterFor(format);
    response.status(200);
    response.setHeader('Content-Type', writer.contentType);
    response.setHeader('Content-Disposition', `attachment; filename="${report.fileName}"`);
    response.setHeader('Cache-Control', 'no-store');
    try {
      await writer.write(report.sections, response);
      if (!response.writableEnded) response.end();
    } catch (error) {
      if (!(error instanceof ReportAbortedError)) {
        this.logger.error({ msg: 'comparison report failed mid-stream', run_id: id, err: error });
      }
      response.destroy();
    }
  }
}
