import { Writable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import {
  AppError,
  DashboardSummaryQuery,
  type ErrorBody,
  RunListQuery,
  TriggerRunRequest,
} from '@dq/contracts';
import { WorkspaceCapability, type Actor, actorOf } from '@dq/auth';
import { reportWriterFor } from '@dq/reports';
import {
  ComparisonReportService,
  DashboardSummaryService,
  RunCancellationService,
  RunReadsService,
  SuiteRunTriggerService,
} from '@dq/runs';
import { type McpToolGroup } from '../catalogue/mcp-catalogue';
import { McpToolset, READS, WRITES, WRITES_IDEMPOTENT, defineTool } from '../catalogue/mcp-tool';
import { idArg, idListArg, toolInput } from '../catalogue/tool-input';

const runId = idArg('The run id (from list_runs or trigger_suite_run).');
/** A batch getter answers at most this many ids per call. */
const BATCH_MAX = 20;
/** The diff report as text stays well inside what an assistant can read at once. */
const REPORT_TEXT_MAX_BYTES = 512 * 1024;

/** One item of a batch answer: the value, or REST's error for that id (a hidden one is not found). */
async function eachOf<T>(
  ids: readonly string[],
  key: string,
  read: (id: string) => Promise<T>,
): Promise<{ items: (T | { [key: string]: string | ErrorBody })[] }> {
  const items = await Promise.all(
    ids.map(async (id) => {
      try {
        return await read(id);
      } catch (error) {
        if (error instanceof AppError) return { [key]: id, error: error.toBody() };
        throw error;
      }
    }),
  );
  return { items };
}

/** Runs: triggering, polling, cancelling, results, history of scores and the diff report. */
@Injectable()
export class RunTools implements McpToolGroup {
  constructor(
    private readonly reads: RunReadsService,
    private readonly triggers: SuiteRunTriggerService,
    private readonly cancellation: RunCancellationService,
    private readonly dashboard: DashboardSummaryService,
    private readonly comparisonReports: ComparisonReportService,
  ) {}

  tools() {
    return [
      defineTool({
        name: 'trigger_suite_run',
        title: 'Run a suite',
        description:
          'Queues a run of every enabled check of a suite you can edit and returns the run id in `id`; poll ' +
          'it with get_run_status. While the suite already has a queued or running run, that run is returned ' +
          '(`deduplicated: true`) unless `allow_concurrent` is true.',
        toolset: McpToolset.Operate,
        capability: WorkspaceCapability.UseSharedSuites,
        annotations: { ...WRITES, openWorldHint: true },
        input: toolInput({
          args: { suite_id: idArg('The suite id (from list_suites).') },
          body: TriggerRunRequest,
        }),
        rest: 'POST /suites/{id}/run',
        call: async ({ principal }, { suite_id, body }) =>
          (await this.triggers.trigger(actorOf(principal), suite_id, body)).view,
      }),
      defineTool({
        name: 'get_run_status',
        title: 'Get run status',
        description:
          'Live status of one or more runs (`queued`, `running`, `succeeded`, `failed`, `cancelled`) with ' +
          '`completed_checks` of `total_checks` and the outcome of each check recorded so far. A run you ' +
          'cannot see is answered as not_found in its item.',
        toolset: McpToolset.Read,
        capability: WorkspaceCapability.UseSharedSuites,
        annotations: READS,
        input: toolInput({ args: { run_ids: idListArg('The runs to poll.', BATCH_MAX) } }),
        rest: "GET /runs/{id}/progress, with each recorded check's outcome",
        call: ({ principal }, { run_ids }) => {
          const actor = actorOf(principal);
          return eachOf(run_ids, 'run_id', (id) => this.reads.progressWithChecks(actor, id));
        },
      }),
      defineTool({
        name: 'cancel_run',
        title: 'Cancel a run',
        description:
          'Cancels a queued run at once, or stops a running one as soon as its runner hears (the datasource ' +
          'query is cancelled). Results already recorded are kept. Needs `edit` on the suite.',
        toolset: McpToolset.Operate,
        capability: WorkspaceCapability.UseSharedSuites,
        annotations: { ...WRITES_IDEMPOTENT, destructiveHint: true },
        input: toolInput({ args: { run_id: runId } }),
        rest: 'POST /runs/{id}/cancel',
        call: ({ principal }, { run_id }) => this.cancellation.cancel(actorOf(principal), run_id),
      }),
      defineTool({
        name: 'list_runs',
        title: 'List runs',
        description:
          'Runs of the suites you can see, newest first, each with outcome counts and health score. Filter ' +
          'by `suite_id`, `status` (one or several) and creation time (`since`, `until`, ISO 8601); page with ' +
          "`cursor` set to the previous answer's `next_cursor`.",
        toolset: McpToolset.Read,
        capability: WorkspaceCapability.UseSharedSuites,
        annotations: READS,
        input: toolInput({ body: RunListQuery }),
        rest: 'GET /runs',
        call: ({ principal }, { body }) => this.reads.list(actorOf(principal), body),
      }),
      defineTool({
        name: 'get_runs',
        title: 'Get runs with results',
        description:
          'One or more runs with every check result: outcome, severity, metric_value, unexpected count and ' +
          'percentage, the check version, timings, redacted failing-row samples, and in detail.judged what each ' +
          'result was judged against (metric, value, thresholds or range, band, a one-line reading).',
        toolset: McpToolset.Read,
        capability: WorkspaceCapability.UseSharedSuites,
        annotations: READS,
        input: toolInput({ args: { run_ids: idListArg('The runs to read.', BATCH_MAX) } }),
        rest: 'GET /runs/{id}',
        call: ({ principal }, { run_ids }) => {
          const actor = actorOf(principal);
          return eachOf(run_ids, 'run_id', (id) => this.reads.get(actor, id));
        },
      }),
      defineTool({
        name: 'get_suite_results',
        title: "Get suites' latest results",
        description:
          "For one or more suites, the latest run with each check's outcome and redacted samples (`run` is " +
          'null for a suite that never ran).',
        toolset: McpToolset.Read,
        capability: WorkspaceCapability.UseSharedSuites,
        annotations: READS,
        input: toolInput({ args: { suite_ids: idListArg('The suites (from list_suites).', BATCH_MAX) } }),
        rest: 'GET /runs?suite_id=…&limit=1, then GET /runs/{id}',
        call: ({ principal }, { suite_ids }) => {
          const actor = actorOf(principal);
          return eachOf(suite_ids, 'suite_id', (id) => this.latestResults(actor, id));
        },
      }),
      defineTool({
        name: 'get_health_score',
        title: 'Get health scores',
        description:
          'The severity-weighted health score of the suites you can see over the last `days` (default 30): ' +
          "overall score, pass rate and run counts, the daily trend, and each suite's performance, worst first.",
        toolset: McpToolset.Read,
        capability: WorkspaceCapability.UseSharedSuites,
        annotations: READS,
        input: toolInput({ body: DashboardSummaryQuery }),
        rest: 'GET /dashboard/summary',
        call: ({ principal }, { body }) => this.dashboard.summary(actorOf(principal), body),
      }),
      defineTool({
        name: 'get_comparison_report',
        title: 'Get a comparison diff report',
        description:
          "The diff report of a comparison check's result as CSV text: summary, then mismatched rows and rows " +
          'found on one side only, redacted like the samples. Derived on demand, never stored.',
        toolset: McpToolset.Read,
        capability: WorkspaceCapability.UseSharedSuites,
        annotations: READS,
        input: toolInput({
          args: { run_id: runId, result_id: idArg('The comparison result id (from get_runs).') },
        }),
        rest: 'GET /runs/{id}/results/{rid}/comparison_report?format=csv',
        call: async ({ principal }, { run_id, result_id }) => {
          const report = await this.comparisonReports.open(actorOf(principal), run_id, result_id, 'csv');
          return { file_name: report.fileName, ...(await csvText(report.sections)) };
        },
      }),
    ];
  }

  private async latestResults(actor: Actor, suiteId: string) {
    const page = await this.reads.list(actor, { suite_id: suiteId, limit: 1 });
    const latest = page.items[0];
    return { suite_id: suiteId, run: latest ? await this.reads.get(actor, latest.id) : null };
  }
}

/** The CSV a REST client downloads, as text (no byte-order mark), cut at REPORT_TEXT_MAX_BYTES. */
async function csvText(
  sections: Parameters<ReturnType<typeof reportWriterFor>['write']>[0],
): Promise<{ csv: string; truncated: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  let truncated = false;
  const sink = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
      // Once a chunk is left out, every later one is too: the text stays a prefix of the report.
      if (truncated || size + buffer.length > REPORT_TEXT_MAX_BYTES) truncated = true;
      else {
        chunks.push(buffer);
        size += buffer.length;
      }
      done();
    },
  });
  await reportWriterFor('csv').write(sections, sink);
  sink.end();
  return {
    csv: Buffer.concat(chunks)
      .toString('utf8')
      .replace(/^\uFEFF/, ''),
    truncated,
  };
}
