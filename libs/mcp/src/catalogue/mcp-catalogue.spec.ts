import { readFileSync } from 'node:fs';
import path from 'node:path';
import { AdminTools } from '../tools/admin.tools';
import { CheckKindTools } from '../tools/check-kind.tools';
import { CheckTools } from '../tools/check.tools';
import { ConnectionTools } from '../tools/connection.tools';
import { RunTools } from '../tools/run.tools';
import { ScheduleTools } from '../tools/schedule.tools';
import { SuiteTools } from '../tools/suite.tools';
import { TriggerBindingTools } from '../tools/trigger-binding.tools';
import { IncidentTools } from '../tools/incident.tools';
import { SuiteNotificationTools } from '../tools/suite-notification.tools';
import { NotificationChannelTools } from '../tools/notification-channel.tools';
import { McpCatalogue, type McpToolGroup } from './mcp-catalogue';
import { type McpTool, McpToolset, READS, SPEC_DOCUMENTED_TOOLS } from './mcp-tool';

/** The spec's total; the served tools plus the ones docs/mcp.md reserves for later issues. */
const SPEC_TOOL_COUNT = 48;
/** Served beyond the spec's count; docs/mcp.md says why for each. */
const BEYOND_SPEC = [
  'list_check_kinds',
  'describe_check_kind',
  'list_schedules',
  'get_schedule',
  'create_schedule',
  'update_schedule',
  'delete_schedule',
  'list_trigger_bindings',
  'get_trigger_binding',
  'create_trigger_binding',
  'update_trigger_binding',
  'delete_trigger_binding',
  'list_near_misses',
  // The admin secret sweep's report and run (docs/decisions/0042).
  'get_secret_sweep',
  'run_secret_sweep',
  // The spec's one `update_incident` is served as two, `ack_incident` and `resolve_incident` (docs/decisions/0047).
  'ack_incident',
  // Notification channels, read-only (docs/decisions/0044).
  'list_notification_channels',
  'get_notification_channel',
  // A suite's alert settings (docs/decisions/0046).
  'get_suite_notifications',
  'list_suite_notification_channels',
  'set_suite_notifications',
];

// Listing tools needs no service: a group's services are only used inside `call`.
const GROUPS = [
  SuiteTools,
  CheckTools,
  CheckKindTools,
  RunTools,
  ScheduleTools,
  TriggerBindingTools,
  IncidentTools,
  SuiteNotificationTools,
  NotificationChannelTools,
  ConnectionTools,
  AdminTools,
] as unknown as (new () => McpToolGroup)[];
const catalogue = new McpCatalogue(GROUPS.map((Group) => new Group()));
const tools = catalogue.all();

interface DocumentedTool {
  name: string;
  toolset: string;
  hints: string[];
  capability: string;
}

function documentedTools(): { served: DocumentedTool[]; planned: string[] } {
  const text = readFileSync(path.resolve(__dirname, '../../../../docs/mcp.md'), 'utf8');
  const served: DocumentedTool[] = [];
  const planned: string[] = [];
  for (const line of text.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    const name = /^`([a-z_]+)`$/.exec(cells[1] ?? '')?.[1];
    if (!name) continue;
    if (cells.length === 10) {
      served.push({ name, toolset: cells[2], hints: cells.slice(3, 7), capability: cells[7] });
    } else if (cells.length === 6) {
      planned.push(name);
    }
  }
  return { served, planned };
}

const yesNo = (value: boolean): string => (value ? 'yes' : 'no');

describe('the MCP catalogue', () => {
  it('names every tool once, verb-first snake_case, each with a title, a description and a schema', () => {
    expect(new Set(tools.map((tool) => tool.name)).size).toBe(tools.length);
    for (const tool of tools) {
      expect(tool.name).toMatch(
        /^(list|get|describe|create|update|delete|set|revoke|search|export|import|profile|suggest|preview|dry_run|restore|rebaseline|trigger|cancel|test|reset|run|ack|resolve)_[a-z_]+$/,
      );
      expect(tool.title.length).toBeGreaterThan(3);
      expect(tool.description.length).toBeGreaterThan(30);
      expect(tool.input.jsonSchema.type).toBe('object');
    }
  });

  it('keeps the read toolset read-only and every read-only tool harmless', () => {
    for (const tool of tools) {
      if (tool.toolset === McpToolset.Read) expect(tool.annotations.readOnlyHint).toBe(true);
      if (tool.annotations.readOnlyHint) {
        expect(tool.annotations.destructiveHint).toBe(false);
        expect(tool.annotations.idempotentHint).toBe(true);
      }
    }
    const deletes = tools.filter((tool) => /^(delete|revoke)_/.test(tool.name));
    expect(deletes.length).toBeGreaterThan(0);
    for (const tool of deletes) expect(tool.annotations.destructiveHint).toBe(true);
  });

  it('serves the eight tools the spec documents', () => {
    const names = tools.map((tool) => tool.name);
    for (const documented of SPEC_DOCUMENTED_TOOLS) {
      expect(names).toContain(documented);
    }
  });

  it('matches docs/mcp.md: every served tool with its toolset, hints and capability; 48 with the planned ones, besides those served beyond the spec', () => {
    const { served, planned } = documentedTools();
    const describe = (tool: McpTool): DocumentedTool => ({
      name: tool.name,
      toolset: tool.toolset,
      hints: [
        tool.annotations.readOnlyHint,
        tool.annotations.destructiveHint,
        tool.annotations.idempotentHint,
        tool.annotations.openWorldHint,
      ].map(yesNo),
      capability: tool.capability,
    });
    const byName = (a: DocumentedTool, b: DocumentedTool) => a.name.localeCompare(b.name);
    expect([...served].sort(byName)).toEqual(tools.map(describe).sort(byName));
    expect(planned.filter((name) => catalogue.all().some((tool) => tool.name === name))).toEqual([]);
    expect(served.map((tool) => tool.name)).toEqual(expect.arrayContaining(BEYOND_SPEC));
    expect(served.length + planned.length - BEYOND_SPEC.length).toBe(SPEC_TOOL_COUNT);
  });

  it('narrows to the asked toolsets', () => {
    const readOnly = catalogue.in(new Set([McpToolset.Read]));
    expect(readOnly.length).toBeGreaterThan(0);
    expect(readOnly.every((tool) => tool.annotations.readOnlyHint === READS.readOnlyHint)).toBe(true);
    expect(catalogue.in(new Set())).toEqual([]);
  });
});
