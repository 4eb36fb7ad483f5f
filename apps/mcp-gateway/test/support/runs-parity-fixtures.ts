/**
 * Helpers of the MCP/REST parity tests: the callers (one per role and grant, each with a PAT and
 * an SDK client), both surfaces behind one recorder (every answer's text is kept, so a test can
 * assert that none carries a planted value), and the comparison of one tool answer with the REST
 * answer it wraps: the same outcome (success, or status and code), and the same body.
 */
import { type ErrorBody, type ErrorEnvelope } from '@dq/contracts';
import { call, type HttpResult, type McpToolAnswer, type McpTestClient } from '@dq/testing';

/** Who calls, by workspace role and grant on the shared suites. */
export type CallerName = 'owner' | 'editor' | 'viewMember' | 'viewer' | 'stranger' | 'admin';

export interface CallerSpec {
  email: string;
  role: 'admin' | 'member' | 'viewer';
  /** The share each shared suite gives this caller (the owner owns them; the admin sees all). */
  share: 'view' | 'edit' | null;
}

export const CALLERS: Record<CallerName, CallerSpec> = {
  owner: { email: 'owner@example.test', role: 'member', share: null },
  editor: { email: 'editor@example.test', role: 'member', share: 'edit' },
  viewMember: { email: 'view-member@example.test', role: 'member', share: 'view' },
  viewer: { email: 'viewer@example.test', role: 'viewer', share: 'view' },
  stranger: { email: 'stranger@example.test', role: 'member', share: null },
  admin: { email: 'admin@example.test', role: 'admin', share: null },
};

export const CALLER_NAMES = Object.keys(CALLERS) as CallerName[];

export interface Caller {
  name: CallerName;
  token: string;
  userId: string;
  mcp: McpTestClient;
}

/** What a call came to: success, or the status and error code REST answers (a tool carries both). */
export type Outcome = { ok: true } | { status: number; code: string };

export const OK: Outcome = { ok: true };
export const FORBIDDEN: Outcome = { status: 403, code: 'forbidden' };
export const NOT_FOUND: Outcome = { status: 404, code: 'not_found' };
export const CONFLICT: Outcome = { status: 409, code: 'conflict' };
export const INVALID: Outcome = { status: 422, code: 'validation_failed' };

export function errorOf(result: HttpResult): ErrorBody {
  const envelope = result.body as Partial<ErrorEnvelope> | undefined;
  if (!envelope?.error) throw new Error(`no error envelope in ${result.status} ${result.text}`);
  return envelope.error;
}

export function restOutcome(result: HttpResult): Outcome {
  return result.status < 300 ? OK : { status: result.status, code: errorOf(result).code };
}

export function toolOutcome(answer: McpToolAnswer): Outcome {
  if (!answer.isError) return OK;
  const failure = answer.body as { status: number; error: ErrorBody };
  return { status: failure.status, code: failure.error.code };
}

/** The tool failure a REST refusal corresponds to: REST's envelope plus REST's status. */
export function asToolFailure(result: HttpResult): { status: number; error: ErrorBody } {
  return { status: result.status, error: errorOf(result) };
}

/**
 * The tool answered as REST did: the same outcome and, on success, `expected(REST's body)` (REST's
 * body itself by default), else REST's error envelope with REST's status. `label` names the case
 * in a failure message.
 */
export function expectSameAnswer(
  label: string,
  rest: HttpResult,
  tool: McpToolAnswer,
  expected: (restBody: unknown) => unknown = (body) => body,
): void {
  expect({ label, outcome: toolOutcome(tool) }).toEqual({ label, outcome: restOutcome(rest) });
  if (rest.status < 300) expect({ label, body: tool.body }).toEqual({ label, body: expected(rest.body) });
  else expect({ label, body: tool.body }).toEqual({ label, body: asToolFailure(rest) });
}

/** One batch item as REST answers the same id alone: the value, or `{[key]: id, error}`. */
export function batchItemOf(key: string, id: string, rest: HttpResult, value: () => unknown): unknown {
  return rest.status === 200 ? value() : { [key]: id, error: errorOf(rest) };
}

/** Both surfaces, recording every answer's text (for the "no planted value, no PAT" checks). */
export class Surfaces {
  readonly texts: string[] = [];

  constructor(private readonly api: string) {}

  async rest(caller: Caller, method: string, path: string, body?: unknown): Promise<HttpResult> {
    const result = await call(this.api, method, path, {
      token: caller.token,
      ...(body !== undefined ? { body } : {}),
    });
    this.texts.push(result.text);
    return result;
  }

  async tool(caller: Caller, name: string, args: Record<string, unknown> = {}): Promise<McpToolAnswer> {
    const answer = await caller.mcp.call(name, args);
    this.texts.push(JSON.stringify(answer.raw));
    return answer;
  }
}

/** Values found in `text` among `needles` (an empty list is the expectation). */
export function foundIn(text: string, needles: readonly string[]): string[] {
  return needles.filter((needle) => text.includes(needle));
}
