// Public surface of the reports library: other projects import only from here.
export {
  type ReportCell,
  type ReportFormat,
  type ReportRow,
  type ReportSection,
  type ReportWriteOptions,
  type ReportWriteResult,
  type ReportWriter,
} from './report-writer';
export { ReportAbortedError } from './report-aborted.error';
export { reportWriterFor } from './report-writer-for';
export { FORMULA_TRIGGER_CHARACTERS, neutraliseFormula } from './cells/neutralise-formula';
export {
  type CsvDelimiter,
  csvCellText,
  csvField,
  csvLine,
  type CsvReportOptions,
  CsvReportWriter,
} from './csv/csv-report-writer';
export {
  XLSX_DATE_FORMAT,
  XLSX_MAX_CELL_CHARACTERS,
  xlsxCellValue,
  XlsxReportWriter,
} from './xlsx/xlsx-report-writer';
export { mapRows } from './streaming/map-rows';
export { MAX_SECTION_NAME_LENGTH } from './streaming/validate-sections';
export {
  cellFromCanonical,
  COMPARISON_REPORT_SECTIONS,
  type ComparisonDifference,
  type ComparisonDifferenceSide,
  type ComparisonReportInput,
  type ComparisonReportSummary,
  comparisonReportSections,
  comparisonSummaryRows,
} from './comparison/comparison-report';
