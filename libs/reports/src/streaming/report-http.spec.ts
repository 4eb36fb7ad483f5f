import { createServer, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as ExcelJS from 'exceljs';
import { comparisonReportSections, type ComparisonDifference } from '../comparison/comparison-report';
import { reportWriterFor } from '../report-writer-for';
import type { ReportFormat } from '../report-writer';

async function* differences(count: number): AsyncGenerator<ComparisonDifference> {
  for (let index = 0; index < count; index++) {
    yield {
      side: 'mismatched',
      key: [String(index)],
      column: 'amount',
      targetValue: `${-index}`,
      baselineValue: '0',
    };
  }
}

/** Serves one report the way the endpoint will, and downloads it whole. */
async function download(format: ReportFormat, count: number): Promise<{ type: string; body: Buffer }> {
  const server: Server = createServer((_request, response) => {
    const writer = reportWriterFor(format);
    response.setHeader('Content-Type', writer.contentType);
    response.setHeader('Content-Disposition', `attachment; filename="comparison.${writer.fileExtension}"`);
    const sections = comparisonReportSections({
      keyColumns: ['id'],
      summary: { matched: 0, mismatched: count, onlyInTarget: 0, onlyInBaseline: 0 },
      differences: differences(count),
    });
    void writer.write(sections, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    return await new Promise((resolve, reject) => {
      get({ host: '127.0.0.1', port, path: '/' }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ type: String(response.headers['content-type']), body: Buffer.concat(chunks) }),
        );
        response.on('error', reject);
      }).on('error', reject);
    });
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

describe('a report served over HTTP', () => {
  it('arrives whole as CSV', async () => {
    const { type, body } = await download('csv', 20_000);
    expect(type).toBe('text/csv; charset=utf-8');
    const lines = body.toString('utf8').split('\r\n');
    expect(lines[0]).toBe('\uFEFFmetric,value');
    expect(lines).toContain('side,id,column,target_value,baseline_value');
    expect(lines).toContain('mismatched,19999,amount,-19999,0');
    expect(lines.at(-1)).toBe('');
  });

  it('arrives whole as XLSX', async () => {
    const { type, body } = await download('xlsx', 20_000);
    expect(type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(body as unknown as ExcelJS.Buffer);
    const sheet = workbook.getWorksheet('differences')!;
    expect(sheet.rowCount).toBe(20_001);
    expect(sheet.getRow(20_001).values).toEqual([undefined, 'mismatched', 19_999, 'amount', -19_999, 0]);
  });
});
