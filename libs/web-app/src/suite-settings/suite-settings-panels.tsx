// The suite page's settings panels and the suites list's import, embedded by the Suites screens.
export { SuiteColumnPolicyPanel } from './column-policy-panel';
export { SuiteSharesPanel } from './shares-panel';
export { SuiteExportButton, SuiteImportButton } from './suite-transfer';
export { SuiteSchedulePanel } from './schedule-panel';
