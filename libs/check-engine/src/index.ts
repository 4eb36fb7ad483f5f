// Public surface of the check-engine library: other projects import only from here.
export * from './kinds/check-kind';
export * from './kinds/support-matrix';
export * from './expectations/row-condition';
export * from './expectations/expectation-catalog';
export * from './expectations/validate-expectation';
export * from './expectations/unexpected-percent';
export {
  MAX_COLUMN_LIST_SIZE,
  MAX_REGEX_LENGTH,
  MAX_VALUE_SET_SIZE,
  IgnoreRowIf,
  type ParamCheck,
  type ParamSpec,
} from './expectations/expectation-params';
export {
  type BandedOutcome,
  bandBinary,
  bandUnexpectedPercent,
  DEFAULT_SEVERITY_THRESHOLDS,
  effectiveSeverityThresholds,
  failBoundFromMostly,
  resolveExpectationThresholds,
  type SeverityThresholds,
  validateSeverityThresholds,
} from './severity/thresholds';
export * from './severity/anomaly';
export * from './severity/judged';
export * from './severity/health-score';
export * from './definition/check-definition';
export * from './sql';
export * from './monitoring';
export * from './redaction';
export * from './catalogue/check-catalogue';
export { type JsonSchema } from './catalogue/json-schema';
