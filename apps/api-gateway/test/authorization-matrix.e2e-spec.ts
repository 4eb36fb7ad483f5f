/**
 * The authorization matrix: every endpoint the gateway has, called with no credential and as each
 * workspace role, through a real gateway process. Later issues add their endpoints (and hidden-
 * suite rows) to ROWS; the test runs them all.
 */
import { randomUUID } from 'node:crypto';
import { type WorkspaceRole } from '@dq/contracts';
import { type AppProcess, call, GatewayWorld } from '@dq/testing';

// The datasource is the shared PostgreSQL on loopback: the test-only allowance lets the apps reach it.
const LOOPBACK_EGRESS = { EGRESS_ALLOW_LOOPBACK_FOR_TESTS: 'true' };

type Caller = 'none' | WorkspaceRole;
const CALLERS: Caller[] = ['none', 'viewer', 'member', 'admin'];

interface MatrixContext {
  /** A key of the calling user's own, fresh for each row. */
  ownKeyId: string;
  /** A key of somebody else's. */
  otherKeyId: string;
  /** A connection an admin made before the matrix ran. */
  connectionId: string;
  /** A connection made for this one call (for deletes). */
  disposableConnectionId: string;
  /** A connection to the real local PostgreSQL (trust), so a runner test of it answers 200. */
  testableConnectionId: string;
  /** Owned by another member; shared `view` with the viewer and `edit` with the member. */
  sharedSuiteId: string;
  /** Owned by another member and shared with nobody: hidden from everyone but admins. */
  hiddenSuiteId: string;
  /** A check of the shared suite, and one of the hidden suite. */
  sharedCheckId: string;
  hiddenCheckId: string;
  /** An anomaly check of the shared suite (it has a baseline). */
  sharedAnomalyId: string;
  /** A shared suite made for this one call (deletes), or the shared suite. */
  disposableSuiteId: string;
  /** A check made for this one call (deletes), or the shared check. */
  disposableCheckId: string;
  /** The viewer's and the third user's ids, for share rows. */
  viewerId: string;
  thirdUserId: string;
  /** A finished run of the shared suite, and one of the hidden suite. */
  sharedRunId: string;
  hiddenRunId: string;
  /** A queued run made for this one call (cancels), or the shared run. */
  disposableRunId: string;
  /** The shared suite's trigger binding, and the hidden suite's. */
  sharedBindingId: string;
  hiddenBindingId: string;
  /** A binding made for this one call (deletes: of the shared or the hidden suite), or the shared one. */
  disposableBindingId: string;
  /** The shared suite's schedule, and the hidden suite's. */
  sharedScheduleId: string;
  hiddenScheduleId: string;
  /** A schedule made for this one call (deletes: of a shared or a hidden suite), or the shared one. */
  disposableScheduleId: string;
  /** A hidden suite made for this one call (creating its schedule), or the hidden suite. */
  disposableHiddenSuiteId: string;
  /** A notification channel an admin made before the matrix ran. */
  channelId: string;
  /** A channel made for this one call (deletes), or that channel. */
  disposableChannelId: string;
  /** An open incident of the shared suite, and one of the hidden suite. */
  sharedIncidentId: string;
  hiddenIncidentId: string;
  /** An open incident made for this one call (ack, resolve: of the shared or the hidden suite), or the shared one. */
  disposableIncidentId: string;
}

let connectionCounter = 0;
/** A PostgreSQL connection body; each call names it afresh (names are unique). */
function postgresConnection(): unknown {
  connectionCounter += 1;
  return {
    name: `matrix-pg-${connectionCounter}`,
    kind: 'postgres',
    config: {
      host: 'db.example.test',
      port: 5432,
      database: 'warehouse',
      user: 'reader',
      sslmode: 'require',
    },
    credential: { password: 'matrix-secret-password' },
  };
}

/** The shared local PostgreSQL (trust auth): a test through the runner succeeds quickly. */
const LOCAL_POSTGRES = {
  host: '127.0.0.1',
  port: 5432,
  database: 'postgres',
  user: 'postgres',
  sslmode: 'disable',
};

interface MatrixRow {
  endpoint: string;
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: (context: MatrixContext) => string;
  /** A value, or a function of the context that makes one per call. */
  body?: unknown;
  expect: Record<Caller, number>;
}

const AUTHENTICATED = { none: 401, viewer: 200, member: 200, admin: 200 };
/** A suite shared view (viewer) and edit (member): reads for all three, writes for member and admin. */
const SHARED_READ = AUTHENTICATED;
const SHARED_WRITE = { none: 401, viewer: 403, member: 200, admin: 200 };
const SHARED_CREATE = { none: 401, viewer: 403, member: 201, admin: 201 };
/** Owner-or-admin actions on the shared suite: the member's `edit` share is not enough. */
const SHARED_ADMIN = { none: 401, viewer: 403, member: 403, admin: 200 };
/** The hidden suite: the same 404 for everyone without a grant; admins see every suite. */
const HIDDEN_READ = { none: 401, viewer: 404, member: 404, admin: 200 };

let checkCounter = 0;
/** The shared suite's export, for the import row. */
let exportedDocument: { suite: Record<string, unknown> } & Record<string, unknown>;
/** A check body with a fresh name (names are unique within a suite). */
function notNullCheck(): unknown {
  checkCounter += 1;
  return {
    name: `matrix-check-${checkCounter}`,
    kind: 'expectation',
    config: { expectation_type: 'expect_column_values_to_not_be_null', kwargs: { column: 'id' } },
  };
}

const ROWS: MatrixRow[] = [
  { endpoint: 'GET /me', method: 'GET', path: () => '/me', expect: AUTHENTICATED },
  {
    endpoint: 'PATCH /me',
    method: 'PATCH',
    path: () => '/me',
    body: { display_name: 'Renamed' },
    expect: AUTHENTICATED,
  },
  {
    endpoint: 'POST /me/api-keys',
    method: 'POST',
    path: () => '/me/api-keys',
    body: { name: 'matrix' },
    expect: { none: 401, viewer: 201, member: 201, admin: 201 },
  },
  { endpoint: 'GET /me/api-keys', method: 'GET', path: () => '/me/api-keys', expect: AUTHENTICATED },
  {
    endpoint: 'DELETE /me/api-keys/{own}',
    method: 'DELETE',
    path: (c) => `/me/api-keys/${c.ownKeyId}`,
    expect: { none: 401, viewer: 204, member: 204, admin: 204 },
  },
  {
    endpoint: "DELETE /me/api-keys/{someone else's}",
    method: 'DELETE',
    path: (c) => `/me/api-keys/${c.otherKeyId}`,
    expect: { none: 401, viewer: 404, member: 404, admin: 404 },
  },
  {
    endpoint: 'DELETE /me/api-keys/{unknown}',
    method: 'DELETE',
    path: () => `/me/api-keys/${randomUUID()}`,
    expect: { none: 401, viewer: 404, member: 404, admin: 404 },
  },
  {
    endpoint: 'GET /users/search',
    method: 'GET',
    path: () => '/users/search?q=example',
    expect: AUTHENTICATED,
  },
  {
    endpoint: 'POST /auth/logout',
    method: 'POST',
    path: () => '/auth/logout',
    expect: { none: 401, viewer: 204, member: 204, admin: 204 },
  },
  {
    endpoint: 'POST /auth/otp/request (public)',
    method: 'POST',
    path: () => '/auth/otp/request',
    body: { email: 'someone@example.test' },
    expect: { none: 202, viewer: 202, member: 202, admin: 202 },
  },
  {
    endpoint: 'POST /auth/otp/verify (public, wrong code)',
    method: 'POST',
    path: () => '/auth/otp/verify',
    body: { email: 'someone@example.test', code: '00000000' },
    expect: { none: 401, viewer: 401, member: 401, admin: 401 },
  },
  { endpoint: 'GET /connections', method: 'GET', path: () => '/connections', expect: AUTHENTICATED },
  {
    endpoint: 'POST /connections',
    method: 'POST',
    path: () => '/connections',
    body: postgresConnection,
    expect: { none: 401, viewer: 403, member: 403, admin: 201 },
  },
  {
    endpoint: 'GET /connections/{id}',
    method: 'GET',
    path: (c) => `/connections/${c.connectionId}`,
    expect: AUTHENTICATED,
  },
  {
    endpoint: 'PATCH /connections/{id}',
    method: 'PATCH',
    path: (c) => `/connections/${c.connectionId}`,
    body: () => ({ name: `matrix-renamed-${(connectionCounter += 1)}` }),
    expect: { none: 401, viewer: 403, member: 403, admin: 200 },
  },
  {
    endpoint: 'GET /connections/{id}/versions',
    method: 'GET',
    path: (c) => `/connections/${c.connectionId}/versions`,
    expect: { none: 401, viewer: 403, member: 200, admin: 200 },
  },
  {
    endpoint: 'POST /connections/{id}/test',
    method: 'POST',
    path: (c) => `/connections/${c.testableConnectionId}/test`,
    expect: { none: 401, viewer: 403, member: 200, admin: 200 },
  },
  {
    endpoint: 'POST /connections/test (draft)',
    method: 'POST',
    path: () => '/connections/test',
    body: { kind: 'postgres', config: LOCAL_POSTGRES, credential: { password: 'matrix-secret-password' } },
    expect: { none: 401, viewer: 403, member: 403, admin: 200 },
  },
  {
    endpoint: 'POST /connections/{id}/reauth',
    method: 'POST',
    path: (c) => `/connections/${c.testableConnectionId}/reauth`,
    body: { credential: { password: 'matrix-secret-password' } },
    expect: { none: 401, viewer: 403, member: 403, admin: 200 },
  },
  {
    endpoint: 'DELETE /connections/{id}',
    method: 'DELETE',
    path: (c) => `/connections/${c.disposableConnectionId}`,
    expect: { none: 401, viewer: 403, member: 403, admin: 204 },
  },
  {
    endpoint: 'GET /suites',
    method: 'GET',
    path: () => '/suites',
    expect: AUTHENTICATED,
  },
  {
    endpoint: 'POST /suites',
    method: 'POST',
    path: () => '/suites',
    body: (c: MatrixContext) => ({
      name: `matrix-suite-${(checkCounter += 1)}`,
      connection_id: c.connectionId,
      target: 'public.orders',
    }),
    expect: { none: 401, viewer: 403, member: 201, admin: 201 },
  },
  {
    endpoint: 'GET /suites/{shared}',
    method: 'GET',
    path: (c) => `/suites/${c.sharedSuiteId}`,
    expect: SHARED_READ,
  },
  {
    endpoint: 'GET /suites/{hidden}',
    method: 'GET',
    path: (c) => `/suites/${c.hiddenSuiteId}`,
    expect: HIDDEN_READ,
  },
  {
    endpoint: 'PATCH /suites/{shared}',
    method: 'PATCH',
    path: (c) => `/suites/${c.sharedSuiteId}`,
    body: { description: 'changed by the matrix' },
    expect: SHARED_WRITE,
  },
  {
    endpoint: 'PATCH /suites/{hidden}',
    method: 'PATCH',
    path: (c) => `/suites/${c.hiddenSuiteId}`,
    body: { description: 'changed by the matrix' },
    expect: HIDDEN_READ,
  },
  {
    endpoint: 'DELETE /suites/{shared}',
    method: 'DELETE',
    path: (c) => `/suites/${c.disposableSuiteId}`,
    expect: { none: 401, viewer: 403, member: 403, admin: 204 },
  },
  {
    endpoint: 'GET /suites/{shared}/export',
    method: 'GET',
    path: (c) => `/suites/${c.sharedSuiteId}/export`,
    expect: SHARED_READ,
  },
  {
    endpoint: 'GET /suites/{hidden}/export',
    method: 'GET',
    path: (c) => `/suites/${c.hiddenSuiteId}/export`,
    expect: HIDDEN_READ,
  },
  {
    endpoint: 'POST /suites/import',
    method: 'POST',
    path: () => '/suites/import',
    body: (c: MatrixContext) => ({
      document: {
        ...exportedDocument,
        suite: { ...exportedDocument.suite, name: `imported-${(checkCounter += 1)}` },
      },
      // The connection may have been renamed by an earlier row: map the document's name to it.
      connection_map: {
        [String((exportedDocument.suite['connection'] as { name: string }).name)]: c.connectionId,
      },
    }),
    expect: { none: 401, viewer: 403, member: 201, admin: 201 },
  },
  {
    endpoint: 'GET /suites/{shared}/shares',
    method: 'GET',
    path: (c) => `/suites/${c.sharedSuiteId}/shares`,
    expect: SHARED_READ,
  },
  {
    endpoint: 'GET /suites/{hidden}/shares',
    method: 'GET',
    path: (c) => `/suites/${c.hiddenSuiteId}/shares`,
    expect: HIDDEN_READ,
  },
  {
    endpoint: 'POST /suites/{shared}/shares',
    method: 'POST',
    path: (c) => `/suites/${c.disposableSuiteId}/shares`,
    body: (c: MatrixContext) => ({ user_id: c.thirdUserId, grant: 'view' }),
    expect: { none: 401, viewer: 403, member: 403, admin: 201 },
  },
  {
    endpoint: 'PATCH /suites/{shared}/shares/{viewer}',
    method: 'PATCH',
    path: (c) => `/suites/${c.sharedSuiteId}/shares/${c.viewerId}`,
    body: { grant: 'view' },
    expect: SHARED_ADMIN,
  },
  {
    endpoint: 'DELETE /suites/{shared}/shares/{viewer}',
    method: 'DELETE',
    path: (c) => `/suites/${c.disposableSuiteId}/shares/${c.viewerId}`,
    expect: { none: 401, viewer: 403, member: 403, admin: 204 },
  },
  {
    endpoint: 'GET /suites/{shared}/column-policy',
    method: 'GET',
    path: (c) => `/suites/${c.sharedSuiteId}/column-policy`,
    expect: SHARED_READ,
  },
  {
    endpoint: 'GET /suites/{hidden}/column-policy',
    method: 'GET',
    path: (c) => `/suites/${c.hiddenSuiteId}/column-policy`,
    expect: HIDDEN_READ,
  },
  {
    endpoint: 'PUT /suites/{shared}/column-policy',
    method: 'PUT',
    path: (c) => `/suites/${c.sharedSuiteId}/column-policy`,
    body: { columns: { email: 'redact' } },
    expect: SHARED_ADMIN,
  },
  {
    endpoint: 'GET /suites/{shared}/checks',
    method: 'GET',
    path: (c) => `/suites/${c.sharedSuiteId}/checks`,
    expect: SHARED_READ,
  },
  {
    endpoint: 'GET /suites/{hidden}/checks',
    method: 'GET',
    path: (c) => `/suites/${c.hiddenSuiteId}/checks`,
    expect: HIDDEN_READ,
  },
  {
    endpoint: 'POST /suites/{shared}/checks',
    method: 'POST',
    path: (c) => `/suites/${c.sharedSuiteId}/checks`,
    body: notNullCheck,
    expect: SHARED_CREATE,
  },
  {
    endpoint: 'POST /suites/{hidden}/checks',
    method: 'POST',
    path: (c) => `/suites/${c.hiddenSuiteId}/checks`,
    body: notNullCheck,
    expect: { none: 401, viewer: 404, member: 404, admin: 201 },
  },
  {
    endpoint: 'GET /suites/{shared}/checks/{cid}',
    method: 'GET',
    path: (c) => `/suites/${c.sharedSuiteId}/checks/${c.sharedCheckId}`,
    expect: SHARED_READ,
  },
  {
    endpoint: 'GET /suites/{hidden}/checks/{cid}',
    method: 'GET',
    path: (c) => `/suites/${c.hiddenSuiteId}/checks/${c.hiddenCheckId}`,
    expect: HIDDEN_READ,
  },
  {
    endpoint: 'PATCH /suites/{shared}/checks/{cid}',
    method: 'PATCH',
    path: (c) => `/suites/${c.sharedSuiteId}/checks/${c.sharedCheckId}`,
    body: () => ({ description: `matrix ${(checkCounter += 1)}` }),
    expect: SHARED_WRITE,
  },
  {
    endpoint: 'DELETE /suites/{shared}/checks/{cid}',
    method: 'DELETE',
    path: (c) => `/suites/${c.sharedSuiteId}/checks/${c.disposableCheckId}`,
    expect: { none: 401, viewer: 403, member: 204, admin: 204 },
  },
  {
    endpoint: 'POST /suites/{shared}/checks/{cid}/snooze',
    method: 'POST',
    path: (c) => `/suites/${c.sharedSuiteId}/checks/${c.sharedCheckId}/snooze`,
    body: { hours: 2 },
    expect: SHARED_WRITE,
  },
  {
    endpoint: 'DELETE /suites/{shared}/checks/{cid}/snooze',
    method: 'DELETE',
    path: (c) => `/suites/${c.sharedSuiteId}/checks/${c.sharedCheckId}/snooze`,
    expect: { none: 401, viewer: 403, member: 204, admin: 204 },
  },
  {
    endpoint: 'GET /suites/{shared}/checks/{cid}/versions',
    method: 'GET',
    path: (c) => `/suites/${c.sharedSuiteId}/checks/${c.sharedCheckId}/versions`,
    expect: SHARED_READ,
  },
  {
    endpoint: 'GET /suites/{hidden}/checks/{cid}/versions',
    method: 'GET',
    path: (c) => `/suites/${c.hiddenSuiteId}/checks/${c.hiddenCheckId}/versions`,
    expect: HIDDEN_READ,
  },
  {
    endpoint: 'POST /suites/{shared}/checks/{cid}/versions/1/restore',
    method: 'POST',
    path: (c) => `/suites/${c.sharedSuiteId}/checks/${c.sharedCheckId}/versions/1/restore`,
    expect: SHARED_WRITE,
  },
  {
    endpoint: 'GET /suites/{shared}/checks/{cid}/history',
    method: 'GET',
    path: (c) => `/suites/${c.sharedSuiteId}/checks/${c.sharedCheckId}/history`,
    expect: SHARED_READ,
  },
  {
    endpoint: 'GET /suites/{hidden}/checks/{cid}/history',
    method: 'GET',
    path: (c) => `/suites/${c.hiddenSuiteId}/checks/${c.hiddenCheckId}/history`,
    expect: HIDDEN_READ,
  },
  {
    endpoint: 'GET /suites/{shared}/checks/{anomaly}/baseline',
    method: 'GET',
    path: (c) => `/suites/${c.sharedSuiteId}/checks/${c.sharedAnomalyId}/baseline`,
    expect: SHARED_READ,
  },
  {
    endpoint: 'POST /suites/{shared}/checks/{anomaly}/rebaseline',
    method: 'POST',
    path: (c) => `/suites/${c.sharedSuiteId}/checks/${c.sharedAnomalyId}/rebaseline`,
    expect: SHARED_WRITE,
  },
  {
    endpoint: 'GET /suites/{shared}/columns',
    method: 'GET',
    path: (c) => `/suites/${c.sharedSuiteId}/columns`,
    expect: SHARED_READ,
  },
  {
    endpoint: 'GET /suites/{hidden}/columns',
    method: 'GET',
    path: (c) => `/suites/${c.hiddenSuiteId}/columns`,
    expect: HIDDEN_READ,
  },
  {
    endpoint: 'GET /suites/{hidden}/batch-preview',
    method: 'GET',
    path: (c) => `/suites/${c.hiddenSuiteId}/batch-preview`,
    expect: { none: 401, viewer: 404, member: 404, admin: 422 },
  },
  {
    endpoint: 'POST /suites/{shared}/profile',
    method: 'POST',
    path: (c) => `/suites/${c.sharedSuiteId}/profile`,
    body: { top_values: 1 },
    expect: SHARED_WRITE,
  },
  {
    endpoint: 'POST /suites/{hidden}/profile',
    method: 'POST',
    path: (c) => `/suites/${c.hiddenSuiteId}/profile`,
    body: { top_values: 1 },
    expect: HIDDEN_READ,
  },
  {
    endpoint: 'POST /suites/{shared}/column-policy/suggest',
    method: 'POST',
    path: (c) => `/suites/${c.sharedSuiteId}/column-policy/suggest`,
    body: {},
    expect: SHARED_WRITE,
  },
  {
    endpoint: 'POST /suites/{shared}/checks/dryrun',
    method: 'POST',
    path: (c) => `/suites/${c.sharedSuiteId}/checks/dryrun`,
    body: notNullCheck,
    expect: SHARED_WRITE,
  },
  {
    endpoint: 'POST /suites/{hidden}/checks/dryrun',
    method: 'POST',
    path: (c) => `/suites/${c.hiddenSuiteId}/checks/dryrun`,
    body: notNullCheck,
    expect: HIDDEN_READ,
  },
  {
    endpoint: 'POST /suites/{shared}/run',
    method: 'POST',
    path: (c) => `/suites/${c.sharedSuiteId}/run`,
    // Overlapping on purpose: a trigger while a run is queued would return that run (200).
    body: { allow_concurrent: true },
    expect: SHARED_CREATE,
  },
  {
    endpoint: 'POST /suites/{hidden}/run',
    method: 'POST',
    path: (c) => `/suites/${c.hiddenSuiteId}/run`,
    body: { allow_concurrent: true },
    expect: { none: 401, viewer: 404, member: 404, admin: 201 },
  },
  {
    endpoint: 'GET /admin/secret-sweep',
    method: 'GET',
    path: () => '/admin/secret-sweep',
    expect: { none: 401, viewer: 403, member: 403, admin: 200 },
  },
  {
    endpoint: 'POST /admin/secret-sweep/run',
    method: 'POST',
    path: () => '/admin/secret-sweep/run',
    expect: { none: 401, viewer: 403, member: 403, admin: 200 },
  },
  { endpoint: 'GET /check-kinds', method: 'GET', path: () => '/check-kinds', expect: AUTHENTICATED },
  {
    endpoint: 'GET /check-kinds/{kind}',
    method: 'GET',
    path: () => '/check-kinds/expectation',
    expect: AUTHENTICATED,
  },
  { endpoint: 'GET /runs', method: 'GET', path: () => '/runs', expect: AUTHENTICATED },
  // Hidden suites are left out of the summary, never refused: dashboard.e2e-spec shows it.
  {
    endpoint: 'GET /dashboard/summary',
    method: 'GET',
    path: () => '/dashboard/summary',
    expect: AUTHENTICATED,
  },
  {
    endpoint: 'GET /runs?suite_id={hidden}',
    method: 'GET',
    path: (c) => `/runs?suite_id=${c.hiddenSuiteId}`,
    expect: HIDDEN_READ,
  },
  {
    endpoint: 'GET /runs/{shared}',
    method: 'GET',
    path: (c) => `/runs/${c.sharedRunId}`,
    expect: SHARED_READ,
  },
  {
    endpoint: 'GET /runs/{hidden}',
    method: 'GET',
    path: (c) => `/runs/${c.hiddenRunId}`,
    expect: HIDDEN_READ,
  },
  {
    endpoint: 'GET /runs/{shared}/progress',
    method: 'GET',
    path: (c) => `/runs/${c.sharedRunId}/progress`,
    expect: SHARED_READ,
  },
  {
    endpoint: 'GET /runs/{hidden}/progress',
    method: 'GET',
    path: (c) => `/runs/${c.hiddenRunId}/progress`,
    expect: HIDDEN_READ,
  },
  {
    endpoint: 'GET /runs/{shared}/results/{rid}/comparison_report',
    method: 'GET',
    path: (c) => `/runs/${c.sharedRunId}/results/${c.sharedRunId}/comparison_report`,
    expect: SHARED_READ,
  },
  {
    endpoint: 'GET /runs/{hidden}/results/{rid}/comparison_report',
    method: 'GET',
    path: (c) => `/runs/${c.hiddenRunId}/results/${c.hiddenRunId}/comparison_report?format=xlsx`,
    expect: HIDDEN_READ,
  },
  {
    endpoint: 'POST /runs/{shared}/cancel',
    method: 'POST',
    path: (c) => `/runs/${c.disposableRunId}/cancel`,
    expect: { none: 401, viewer: 403, member: 202, admin: 202 },
  },
  {
    endpoint: 'POST /runs/{hidden}/cancel',
    method: 'POST',
    path: (c) => `/runs/${c.disposableRunId}/cancel`,
    expect: { none: 401, viewer: 404, member: 404, admin: 202 },
  },
  { endpoint: 'GET /schedules', method: 'GET', path: () => '/schedules', expect: AUTHENTICATED },
  {
    endpoint: 'GET /schedules?suite_id={hidden}',
    method: 'GET',
    path: (c) => `/schedules?suite_id=${c.hiddenSuiteId}`,
    expect: HIDDEN_READ,
  },
  {
    endpoint: 'POST /schedules (shared suite)',
    method: 'POST',
    path: () => '/schedules',
    body: (c: MatrixContext) => ({ suite_id: c.disposableSuiteId, cron: '0 6 * * *', timezone: 'UTC' }),
    expect: SHARED_CREATE,
  },
  {
    endpoint: 'POST /schedules (hidden suite)',
    method: 'POST',
    path: () => '/schedules',
    body: (c: MatrixContext) => ({ suite_id: c.disposableHiddenSuiteId, cron: '0 6 * * *', timezone: 'UTC' }),
    expect: { none: 401, viewer: 404, member: 404, admin: 201 },
  },
  {
    endpoint: 'GET /schedules/{shared}',
    method: 'GET',
    path: (c) => `/schedules/${c.sharedScheduleId}`,
    expect: SHARED_READ,
  },
  {
    endpoint: 'GET /schedules/{hidden}',
    method: 'GET',
    path: (c) => `/schedules/${c.hiddenScheduleId}`,
    expect: HIDDEN_READ,
  },
  {
    endpoint: 'PATCH /schedules/{shared}',
    method: 'PATCH',
    path: (c) => `/schedules/${c.sharedScheduleId}`,
    body: { cron: '15 6 * * *' },
    expect: SHARED_WRITE,
  },
  {
    endpoint: 'PATCH /schedules/{hidden}',
    method: 'PATCH',
    path: (c) => `/schedules/${c.hiddenScheduleId}`,
    body: { cron: '15 6 * * *' },
    expect: HIDDEN_READ,
  },
  {
    endpoint: 'DELETE /schedules/{shared}',
    method: 'DELETE',
    path: (c) => `/schedules/${c.disposableScheduleId}`,
    expect: { none: 401, viewer: 403, member: 204, admin: 204 },
  },
  {
    endpoint: 'DELETE /schedules/{hidden}',
    method: 'DELETE',
    path: (c) => `/schedules/${c.disposableScheduleId}`,
    expect: { none: 401, viewer: 404, member: 404, admin: 204 },
  },
  {
    endpoint: 'GET /incidents',
    method: 'GET',
    path: () => '/incidents',
    expect: AUTHENTICATED,
  },
  {
    endpoint: 'GET /incidents?suite_id={hidden}',
    method: 'GET',
    path: (c) => `/incidents?suite_id=${c.hiddenSuiteId}`,
    expect: HIDDEN_READ,
  },
  {
    endpoint: 'GET /incidents/{shared}',
    method: 'GET',
    path: (c) => `/incidents/${c.sharedIncidentId}`,
    expect: SHARED_READ,
  },
  {
    endpoint: 'GET /incidents/{hidden}',
    method: 'GET',
    path: (c) => `/incidents/${c.hiddenIncidentId}`,
    expect: HIDDEN_READ,
  },
  {
    endpoint: 'POST /incidents/{shared}/ack',
    method: 'POST',
    path: (c) => `/incidents/${c.disposableIncidentId}/ack`,
    expect: SHARED_WRITE,
  },
  {
    endpoint: 'POST /incidents/{hidden}/ack',
    method: 'POST',
    path: (c) => `/incidents/${c.disposableIncidentId}/ack`,
    expect: HIDDEN_READ,
  },
  {
    endpoint: 'POST /incidents/{shared}/resolve',
    method: 'POST',
    path: (c) => `/incidents/${c.disposableIncidentId}/resolve`,
    body: { reason: 'no_action_needed' },
    expect: SHARED_WRITE,
  },
  {
    endpoint: 'POST /incidents/{hidden}/resolve',
    method: 'POST',
    path: (c) => `/incidents/${c.disposableIncidentId}/resolve`,
    expect: HIDDEN_READ,
  },
  ...(['shared', 'hidden'] as const).flatMap((which): MatrixRow[] => {
    const suite = (c: MatrixContext): string => (which === 'shared' ? c.sharedSuiteId : c.hiddenSuiteId);
    const read = which === 'shared' ? SHARED_READ : HIDDEN_READ;
    const write = which === 'shared' ? SHARED_WRITE : HIDDEN_READ;
    const remove =
      which === 'shared'
        ? { none: 401, viewer: 403, member: 204, admin: 204 }
        : { none: 401, viewer: 404, member: 404, admin: 204 };
    return [
      {
        endpoint: `GET /suites/{${which}}/notifications`,
        method: 'GET',
        path: (c) => `/suites/${suite(c)}/notifications`,
        expect: read,
      },
      {
        endpoint: `PUT /suites/{${which}}/notifications`,
        method: 'PUT',
        path: (c) => `/suites/${suite(c)}/notifications`,
        body: { channel_ids: [], alert_on: 'fail_only' },
        expect: write,
      },
      {
        endpoint: `DELETE /suites/{${which}}/notifications`,
        method: 'DELETE',
        path: (c) => `/suites/${suite(c)}/notifications`,
        expect: remove,
      },
      {
        endpoint: `GET /suites/{${which}}/notification-channels`,
        method: 'GET',
        path: (c) => `/suites/${suite(c)}/notification-channels`,
        expect: read,
      },
      {
        endpoint: `PUT /suites/{${which}}/notification-channels/{channel}`,
        method: 'PUT',
        path: (c) => `/suites/${suite(c)}/notification-channels/${c.channelId}`,
        expect: write,
      },
      {
        endpoint: `DELETE /suites/{${which}}/notification-channels/{channel}`,
        method: 'DELETE',
        path: (c) => `/suites/${suite(c)}/notification-channels/${c.channelId}`,
        expect: remove,
      },
    ];
  }),
  {
    endpoint: 'GET /trigger-bindings',
    method: 'GET',
    path: () => '/trigger-bindings',
    expect: AUTHENTICATED,
  },
  {
    endpoint: 'GET /trigger-bindings?suite_id={hidden}',
    method: 'GET',
    path: (c) => `/trigger-bindings?suite_id=${c.hiddenSuiteId}`,
    expect: HIDDEN_READ,
  },
  {
    endpoint: 'POST /trigger-bindings (shared suite)',
    method: 'POST',
    path: () => '/trigger-bindings',
    body: (c: MatrixContext) => ({
      provider: 'scheduler',
      pipeline_id: `matrix_dag_${randomUUID()}`,
      env: 'prod',
      suite_id: c.sharedSuiteId,
    }),
    expect: SHARED_CREATE,
  },
  {
    endpoint: 'POST /trigger-bindings (hidden suite)',
    method: 'POST',
    path: () => '/trigger-bindings',
    body: (c: MatrixContext) => ({
      provider: 'scheduler',
      pipeline_id: `matrix_dag_${randomUUID()}`,
      env: 'prod',
      suite_id: c.hiddenSuiteId,
    }),
    expect: { none: 401, viewer: 404, member: 404, admin: 201 },
  },
  {
    endpoint: 'GET /trigger-bindings/{shared}',
    method: 'GET',
    path: (c) => `/trigger-bindings/${c.sharedBindingId}`,
    expect: SHARED_READ,
  },
  {
    endpoint: 'GET /trigger-bindings/{hidden}',
    method: 'GET',
    path: (c) => `/trigger-bindings/${c.hiddenBindingId}`,
    expect: HIDDEN_READ,
  },
  {
    endpoint: 'PATCH /trigger-bindings/{shared}',
    method: 'PATCH',
    path: (c) => `/trigger-bindings/${c.sharedBindingId}`,
    body: { enabled: true },
    expect: SHARED_WRITE,
  },
  {
    endpoint: 'PATCH /trigger-bindings/{hidden}',
    method: 'PATCH',
    path: (c) => `/trigger-bindings/${c.hiddenBindingId}`,
    body: { enabled: true },
    expect: HIDDEN_READ,
  },
  {
    endpoint: 'DELETE /trigger-bindings/{shared}',
    method: 'DELETE',
    path: (c) => `/trigger-bindings/${c.disposableBindingId}`,
    expect: { none: 401, viewer: 403, member: 204, admin: 204 },
  },
  {
    endpoint: 'DELETE /trigger-bindings/{hidden}',
    method: 'DELETE',
    path: (c) => `/trigger-bindings/${c.disposableBindingId}`,
    expect: { none: 401, viewer: 404, member: 404, admin: 204 },
  },
  {
    endpoint: 'GET /notification-channels',
    method: 'GET',
    path: () => '/notification-channels',
    expect: AUTHENTICATED,
  },
  {
    endpoint: 'POST /notification-channels',
    method: 'POST',
    path: () => '/notification-channels',
    body: () => ({ name: `matrix-channel-${randomUUID()}`, type: 'email', email_to: ['ops@example.test'] }),
    expect: { none: 401, viewer: 403, member: 403, admin: 201 },
  },
  {
    endpoint: 'GET /notification-channels/{id}',
    method: 'GET',
    path: (c) => `/notification-channels/${c.channelId}`,
    expect: AUTHENTICATED,
  },
  {
    endpoint: 'PATCH /notification-channels/{id}',
    method: 'PATCH',
    path: (c) => `/notification-channels/${c.channelId}`,
    body: { email_to: ['ops@example.test', 'oncall@example.test'] },
    expect: SHARED_ADMIN,
  },
  {
    endpoint: 'DELETE /notification-channels/{id}',
    method: 'DELETE',
    path: (c) => `/notification-channels/${c.disposableChannelId}`,
    expect: { none: 401, viewer: 403, member: 403, admin: 204 },
  },
  {
    // No alerting process runs beside the matrix's gateway: an admin gets the 503 of an unanswered request.
    endpoint: 'POST /notification-channels/{id}/test',
    method: 'POST',
    path: (c) => `/notification-channels/${c.channelId}/test`,
    expect: { none: 401, viewer: 403, member: 403, admin: 503 },
  },
  {
    endpoint: 'GET /notification-channels/{id}/deliveries',
    method: 'GET',
    path: (c) => `/notification-channels/${c.channelId}/deliveries?state=dead`,
    expect: SHARED_ADMIN,
  },
  {
    endpoint: 'GET /orchestration/near-misses',
    method: 'GET',
    path: () => '/orchestration/near-misses',
    expect: AUTHENTICATED,
  },
];

describe('authorization matrix', () => {
  let world: GatewayWorld;
  let gateway: AppProcess;
  const tokens = {} as Record<WorkspaceRole, string>;
  let otherToken: string;
  let connectionId: string;
  let testableConnectionId: string;
  let channelId: string;
  const suiteFixture = {} as Pick<
    MatrixContext,
    | 'sharedSuiteId'
    | 'hiddenSuiteId'
    | 'sharedCheckId'
    | 'hiddenCheckId'
    | 'sharedAnomalyId'
    | 'viewerId'
    | 'thirdUserId'
    | 'sharedRunId'
    | 'hiddenRunId'
    | 'sharedBindingId'
    | 'hiddenBindingId'
    | 'sharedScheduleId'
    | 'hiddenScheduleId'
    | 'sharedIncidentId'
    | 'hiddenIncidentId'
  >;
  let memberId: string;

  const api = (): string => `${gateway.url}/api/v1`;

  async function userId(token: string): Promise<string> {
    return ((await call(api(), 'GET', '/me', { token })).body as { id: string }).id;
  }

  /** A suite owned by the other member, shared `view` with the viewer and `edit` with the member. */
  async function createSuite(shared: boolean): Promise<string> {
    const created = await call(api(), 'POST', '/suites', {
      token: otherToken,
      body: {
        name: `matrix-suite-${(checkCounter += 1)}`,
        connection_id: testableConnectionId,
        target: 'pg_catalog.pg_database',
      },
    });
    expect(created.status).toBe(201);
    const id = (created.body as { id: string }).id;
    if (shared) {
      for (const [user_id, grant] of [
        [suiteFixture.viewerId, 'view'],
        [memberId, 'edit'],
      ]) {
        const share = await call(api(), 'POST', `/suites/${id}/shares`, {
          token: otherToken,
          body: { user_id, grant },
        });
        expect(share.status).toBe(201);
      }
    }
    return id;
  }

  async function createCheck(suiteId: string, body: unknown = notNullCheck()): Promise<string> {
    const created = await call(api(), 'POST', `/suites/${suiteId}/checks`, { token: otherToken, body });
    expect(created.status).toBe(201);
    return (created.body as { id: string }).id;
  }

  /** A run row of a suite, as the dispatcher writes it (no job: nothing will execute it). */
  async function insertRun(suiteId: string, status: 'queued' | 'succeeded'): Promise<string> {
    // Each finished run holds one comparison result (the result id is the run id's twin below).
    const checkId = randomUUID();
    const [row] = await world.db.query<{ id: string }[]>(
      `INSERT INTO runs (suite_id, trigger, status, plan) VALUES ($1, 'api', $2, $3) RETURNING id`,
      [
        suiteId,
        status,
        JSON.stringify([{ check_id: checkId, kind: 'comparison', version: 1, definition: {} }]),
      ],
    );
    if (status === 'succeeded') {
      await world.db.query(
        `INSERT INTO run_results (id, run_id, check_id, outcome, metric_value, detail)
         VALUES ($1, $1, $2, 'pass', 0, $3)`,
        [
          row.id,
          checkId,
          JSON.stringify({
            matched: 1,
            mismatched: 0,
            only_in_target: 0,
            only_in_baseline: 0,
            key_columns: ['id'],
          }),
        ],
      );
    }
    return row.id;
  }

  /** A schedule of a suite, made by its owner. */
  async function createSchedule(suiteId: string): Promise<string> {
    const created = await call(api(), 'POST', '/schedules', {
      token: otherToken,
      body: { suite_id: suiteId, cron: '0 6 * * *', timezone: 'Europe/Berlin' },
    });
    expect(created.status).toBe(201);
    return (created.body as { id: string }).id;
  }

  /** A trigger binding of a suite, made by its owner. */
  async function createBinding(suiteId: string): Promise<string> {
    const created = await call(api(), 'POST', '/trigger-bindings', {
      token: otherToken,
      body: { provider: 'factory', pipeline_id: `matrix_pl_${randomUUID()}`, env: 'prod', suite_id: suiteId },
    });
    expect(created.status).toBe(201);
    return (created.body as { id: string }).id;
  }

  /** An open incident of a fresh check of a suite, as the alerting process opens one. */
  async function insertIncident(suiteId: string): Promise<string> {
    const checkId = await createCheck(suiteId);
    const runId = randomUUID();
    const [row] = await world.db.query<{ id: string }[]>(
      `INSERT INTO incidents (suite_id, check_id, state, severity, opened_at, opened_by_run_id, last_run_id,
                              run_ids, failure_count, last_failure)
       VALUES ($1, $2, 'open', 'fail', now(), $3, $3, ARRAY[$3::uuid], 1, $4::jsonb) RETURNING id`,
      [
        suiteId,
        checkId,
        runId,
        JSON.stringify({ run_id: runId, severity: 'fail', check_version: 1, at: new Date() }),
      ],
    );
    return row.id;
  }

  async function createConnection(config?: Record<string, unknown>): Promise<string> {
    const body = postgresConnection() as Record<string, unknown>;
    const created = await call(`${gateway.url}/api/v1`, 'POST', '/connections', {
      token: tokens.admin,
      body: config ? { ...body, config } : body,
    });
    expect(created.status).toBe(201);
    return (created.body as { id: string }).id;
  }

  /** An email notification channel, made by the admin. */
  async function createChannel(): Promise<string> {
    const created = await call(api(), 'POST', '/notification-channels', {
      token: tokens.admin,
      body: { name: `matrix-channel-${randomUUID()}`, type: 'email', email_to: ['ops@example.test'] },
    });
    expect(created.status).toBe(201);
    return (created.body as { id: string }).id;
  }

  async function mintKey(token: string): Promise<string> {
    const created = await call(`${gateway.url}/api/v1`, 'POST', '/me/api-keys', {
      token,
      body: { name: 'row' },
    });
    expect(created.status).toBe(201);
    mintedKeys.push((created.body as { id: string }).id);
    return (created.body as { id: string }).id;
  }

  beforeAll(async () => {
    world = await GatewayWorld.create('authz-matrix');
    // The runner answers the connection-test rows; the gateway never touches a datasource itself.
    [gateway] = await Promise.all([
      world.startGateway({
        ...LOOPBACK_EGRESS,
        RATE_LIMIT_AUTHENTICATED_PER_MINUTE: '10000',
        RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: '10000',
      }),
      world.startRunner(LOOPBACK_EGRESS),
    ]);
    for (const role of ['viewer', 'member', 'admin'] as const)
      tokens[role] = await world.mintToken(`${role}@example.test`, role);
    otherToken = await world.mintToken('other@example.test', 'member');
    connectionId = await createConnection();
    testableConnectionId = await createConnection(LOCAL_POSTGRES);

    suiteFixture.viewerId = await userId(tokens.viewer);
    memberId = await userId(tokens.member);
    suiteFixture.thirdUserId = await userId(await world.mintToken('third@example.test', 'member'));
    suiteFixture.sharedSuiteId = await createSuite(true);
    suiteFixture.hiddenSuiteId = await createSuite(false);
    suiteFixture.sharedCheckId = await createCheck(suiteFixture.sharedSuiteId);
    suiteFixture.hiddenCheckId = await createCheck(suiteFixture.hiddenSuiteId);
    suiteFixture.sharedAnomalyId = await createCheck(suiteFixture.sharedSuiteId, {
      name: 'matrix-anomaly',
      kind: 'anomaly',
      config: { metric: 'row_count' },
    });
    suiteFixture.sharedRunId = await insertRun(suiteFixture.sharedSuiteId, 'succeeded');
    suiteFixture.hiddenRunId = await insertRun(suiteFixture.hiddenSuiteId, 'succeeded');
    suiteFixture.sharedBindingId = await createBinding(suiteFixture.sharedSuiteId);
    suiteFixture.hiddenBindingId = await createBinding(suiteFixture.hiddenSuiteId);
    suiteFixture.sharedScheduleId = await createSchedule(suiteFixture.sharedSuiteId);
    suiteFixture.hiddenScheduleId = await createSchedule(suiteFixture.hiddenSuiteId);
    channelId = await createChannel();
    suiteFixture.sharedIncidentId = await insertIncident(suiteFixture.sharedSuiteId);
    suiteFixture.hiddenIncidentId = await insertIncident(suiteFixture.hiddenSuiteId);
    const exported = await call(api(), 'GET', `/suites/${suiteFixture.sharedSuiteId}/export`, {
      token: otherToken,
    });
    expect(exported.status).toBe(200);
    exportedDocument = exported.body as typeof exportedDocument;
  });

  afterAll(async () => {
    await world?.close();
  });

  const cases = ROWS.flatMap((row) => CALLERS.map((caller) => [row.endpoint, caller, row] as const));

  /** Keys the cases minted: revoked before the next case, as a user holds at most 50 live keys. */
  const mintedKeys: string[] = [];

  it.each(cases)('%s as %s', async (_endpoint, caller, row) => {
    if (mintedKeys.length > 0)
      await world.db.query(
        `UPDATE api_keys SET revoked_at = now() WHERE id = ANY($1) AND revoked_at IS NULL`,
        [mintedKeys.splice(0)],
      );
    const context: MatrixContext = {
      ownKeyId: caller === 'none' ? randomUUID() : await mintKey(tokens[caller]),
      otherKeyId: await mintKey(otherToken),
      connectionId,
      disposableConnectionId: row.endpoint.startsWith('DELETE /connections')
        ? await createConnection()
        : connectionId,
      testableConnectionId,
      ...suiteFixture,
      disposableSuiteId:
        /^(DELETE \/suites\/\{shared\}$|POST \/suites\/\{shared\}\/shares|DELETE \/suites\/\{shared\}\/shares|POST \/schedules \(shared)/.test(
          row.endpoint,
        )
          ? await createSuite(true)
          : suiteFixture.sharedSuiteId,
      disposableCheckId:
        row.endpoint === 'DELETE /suites/{shared}/checks/{cid}'
          ? await createCheck(suiteFixture.sharedSuiteId)
          : suiteFixture.sharedCheckId,
      disposableBindingId:
        row.endpoint === 'DELETE /trigger-bindings/{shared}'
          ? await createBinding(suiteFixture.sharedSuiteId)
          : row.endpoint === 'DELETE /trigger-bindings/{hidden}'
            ? await createBinding(suiteFixture.hiddenSuiteId)
            : suiteFixture.sharedBindingId,
      disposableRunId:
        row.endpoint === 'POST /runs/{shared}/cancel'
          ? await insertRun(suiteFixture.sharedSuiteId, 'queued')
          : row.endpoint === 'POST /runs/{hidden}/cancel'
            ? await insertRun(suiteFixture.hiddenSuiteId, 'queued')
            : suiteFixture.sharedRunId,
      disposableScheduleId:
        row.endpoint === 'DELETE /schedules/{shared}'
          ? await createSchedule(await createSuite(true))
          : row.endpoint === 'DELETE /schedules/{hidden}'
            ? await createSchedule(await createSuite(false))
            : suiteFixture.sharedScheduleId,
      disposableHiddenSuiteId:
        row.endpoint === 'POST /schedules (hidden suite)'
          ? await createSuite(false)
          : suiteFixture.hiddenSuiteId,
      channelId,
      disposableChannelId:
        row.endpoint === 'DELETE /notification-channels/{id}' ? await createChannel() : channelId,
      disposableIncidentId: /^POST \/incidents\/\{shared\}/.test(row.endpoint)
        ? await insertIncident(suiteFixture.sharedSuiteId)
        : /^POST \/incidents\/\{hidden\}/.test(row.endpoint)
          ? await insertIncident(suiteFixture.hiddenSuiteId)
          : suiteFixture.sharedIncidentId,
    };
    const body =
      typeof row.body === 'function' ? (row.body as (c: MatrixContext) => unknown)(context) : row.body;
    const result = await call(`${gateway.url}/api/v1`, row.method, row.path(context), {
      ...(caller === 'none' ? {} : { token: tokens[caller] }),
      ...(body !== undefined ? { body } : {}),
    });
    expect(`${row.endpoint} as ${caller}: ${result.status}`).toBe(
      `${row.endpoint} as ${caller}: ${row.expect[caller]}`,
    );
    if (result.status >= 400) {
      const envelope = result.body as { error: { code: string; message: string; detail: unknown } };
      expect(Object.keys(envelope.error).sort()).toEqual(['code', 'detail', 'message']);
    }
    // What must not happen: someone else's key survives every attempt on it.
    const others = await call(`${gateway.url}/api/v1`, 'GET', '/me/api-keys', { token: otherToken });
    expect(
      (others.body as { items: { id: string }[] }).items.some((key) => key.id === context.otherKeyId),
    ).toBe(true);
    // ...and a refused delete leaves the connection in place.
    if (row.endpoint.startsWith('DELETE /connections') && caller !== 'admin') {
      const still = await call(
        `${gateway.url}/api/v1`,
        'GET',
        `/connections/${context.disposableConnectionId}`,
        {
          token: tokens.admin,
        },
      );
      expect(still.status).toBe(200);
    }
    // ...and a refused suite delete leaves the suite in place.
    if (row.endpoint === 'DELETE /suites/{shared}' && caller !== 'admin') {
      const still = await call(api(), 'GET', `/suites/${context.disposableSuiteId}`, { token: otherToken });
      expect(still.status).toBe(200);
    }
    // ...and a refused cancel leaves the run queued; an allowed one ends it.
    if (row.endpoint.startsWith('POST /runs/')) {
      const [run] = await world.db.query<{ status: string }[]>('SELECT status FROM runs WHERE id = $1', [
        context.disposableRunId,
      ]);
      expect(run.status).toBe(result.status === 202 ? 'cancelled' : 'queued');
    }
    // ...and a refused schedule write changes nothing: no schedule made, none deleted.
    if (row.endpoint.startsWith('POST /schedules') && result.status !== 201) {
      const suiteId = (body as { suite_id: string }).suite_id;
      const [made] = await world.db.query<{ n: number }[]>(
        'SELECT count(*)::int AS n FROM schedules WHERE suite_id = $1',
        [suiteId],
      );
      expect(made.n).toBe(0);
    }
    if (row.endpoint.startsWith('DELETE /schedules') && result.status !== 204) {
      const still = await call(api(), 'GET', `/schedules/${context.disposableScheduleId}`, {
        token: otherToken,
      });
      expect(still.status).toBe(200);
    }
    // ...and a refused trigger-binding write changes nothing: none made, none deleted.
    if (row.endpoint.startsWith('POST /trigger-bindings') && result.status !== 201) {
      const pipelineId = (body as { pipeline_id: string }).pipeline_id;
      const [made] = await world.db.query<{ n: number }[]>(
        'SELECT count(*)::int AS n FROM trigger_bindings WHERE pipeline_id = $1',
        [pipelineId],
      );
      expect(made.n).toBe(0);
    }
    if (row.endpoint.startsWith('DELETE /trigger-bindings') && result.status !== 204) {
      const [kept] = await world.db.query<{ n: number }[]>(
        'SELECT count(*)::int AS n FROM trigger_bindings WHERE id = $1',
        [context.disposableBindingId],
      );
      expect(kept.n).toBe(1);
    }
    // ...and a refused channel delete leaves the channel in place.
    if (row.endpoint === 'DELETE /notification-channels/{id}' && result.status !== 204) {
      const [kept] = await world.db.query<{ n: number }[]>(
        'SELECT count(*)::int AS n FROM notification_channels WHERE id = $1',
        [context.disposableChannelId],
      );
      expect(kept.n).toBe(1);
    }
    // No credential is ever echoed.
    expect(result.text).not.toContain('matrix-secret-password');
  });
});
