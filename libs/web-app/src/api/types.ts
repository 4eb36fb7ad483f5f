// The response shapes the screens read: the API document's own schemas, through @dq/api-client.
import type { components } from '@dq/api-client';

type Schemas = components['schemas'];

export type Me = Schemas['MeResponse'];
export type ApiKey = Schemas['ApiKeyResponse'];
export type ApiKeyCreated = Schemas['ApiKeyCreatedResponse'];
export type ApiKeyPage = Schemas['ApiKeyPage'];
export type DashboardSummary = Schemas['DashboardSummaryView'];
export type DashboardTrendDay = Schemas['DashboardTrendDay'];
export type DashboardSuitePerformance = Schemas['DashboardSuitePerformance'];
export type RunStatus = NonNullable<DashboardSuitePerformance['last_completed_run']>['status'];
export type Suite = Schemas['SuiteResponse'];
export type Run = Schemas['RunView'];
export type RunDetail = Schemas['RunDetailView'];
export type RunResult = Schemas['RunResultView'];
export type RunOutcome = RunResult['outcome'];
export type RunPage = Schemas['RunPage'];
export type RunProgress = Schemas['RunProgressView'];
export type TriggeredRun = Schemas['TriggeredRunView'];
