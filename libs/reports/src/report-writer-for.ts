import { CsvReportWriter } from './csv/csv-report-writer';
import type { ReportFormat, ReportWriter } from './report-writer';
import { XlsxReportWriter } from './xlsx/xlsx-report-writer';

/** The writer for a format with its defaults (CSV: comma, UTF-8 BOM). */
export function reportWriterFor(format: ReportFormat): ReportWriter {
  switch (format) {
    case 'csv':
      return new CsvReportWriter();
    case 'xlsx':
      return new XlsxReportWriter();
  }
}
