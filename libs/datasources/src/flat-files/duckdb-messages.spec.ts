import { BATCH_TYPE_GUARD, classifyDuckDbMessage, isBatchTypeFailure, problemText } from './duckdb-messages';

const WORK = '/tmp/dq-duckdb-host-1-abc';

/** DuckDB's own text for a Latin-1 file read as UTF-8 while binding our DESCRIBE (as it printed it). */
const NOT_UTF8 = `Invalid Input Error: CSV Error on Line: 2
Original Line: id,city
Invalid unicode (byte sequence mismatch) detected. This file is not utf-8 encoded.

Possible Solution: Set the correct encoding, if available, to read this CSV File (e.g., encoding='UTF-16')
Possible Solution: Enable ignore errors (ignore_errors=true) to skip this row

  file = ${WORK}/call-1/sample.csv
  delimiter = , (Auto-Detected)
  new_line = Single-Line File (Auto-Detected)
  null_padding = 1


LINE 1: DESCRIBE SELECT * FROM read_csv(['${WORK}/call-1/sample.csv'], header=true,...
                               ^`;

const SNIFF = `Invalid Input Error: Error when sniffing file "${WORK}/call-2/a.csv".
It was not possible to automatically detect the CSV parsing dialect
The search space used was:
Delimiter Candidates: ','
Possible fixes:
* Disable the parser's strict mode (strict_mode=false) to allow reading rows that do not comply with the CSV standard.

LINE 1: SELECT count(*) FROM read_csv(['${WORK}/call-2/a.csv'], header=true,...
                             ^`;

const COLUMNS = `Invalid Input Error: CSV Error on Line: 400002
Original Line: 400000,"secret value"
Expected Number of Columns: 3 Found: 4
Possible fixes:
* Enable null padding (null_padding=true) to replace missing values with NULL

  file = ${WORK}/call-3/orders.csv
  delimiter = , (Auto-Detected)
`;

const ENGINE_TEXT =
  /DESCRIBE|read_csv|LINE \d|Possible (Solution|fixes)|Single-Line File|encoding\s*=|ignore_errors|null_padding|strict_mode|Original Line|secret value|\/tmp/;

describe('classifyDuckDbMessage', () => {
  it('answers a file that is not UTF-8 as invalid, reason encoding, saying what a suite may set', () => {
    const error = classifyDuckDbMessage(NOT_UTF8, WORK);
    expect(error.errorClass).toBe('invalid');
    expect(error.message).toBe(
      "The file is not UTF-8 text (an invalid byte sequence at line 2); the suite's file_encoding may be utf-8, utf-16, latin-1",
    );
    expect(error.detail).toEqual({
      reason: 'encoding',
      encoding: 'utf-8',
      supported: ['utf-8', 'utf-16', 'latin-1'],
    });
  });

  it('answers a dialect DuckDB could not sniff, and a bad row, in our words without its advice', () => {
    const sniff = classifyDuckDbMessage(SNIFF, WORK);
    expect(sniff.detail).toEqual({ reason: 'csv_dialect' });
    const columns = classifyDuckDbMessage(COLUMNS, WORK);
    expect(columns.message).toBe(
      'The CSV file could not be read at line 400002: Expected Number of Columns: 3 Found: 4',
    );
    expect(columns.detail).toEqual({ reason: 'csv_format', line: 400002 });
    for (const error of [sniff, columns]) {
      expect(error.errorClass).toBe('invalid');
      expect(error.message).not.toMatch(ENGINE_TEXT);
    }
  });

  it("keeps DuckDB's statement of a query's own problem, without the echoed statement", () => {
    const binder = classifyDuckDbMessage(
      'Binder Error: Referenced column "nope" not found in FROM clause!\nCandidate bindings: "id"\n\nLINE 1: SELECT nope FROM target\n               ^',
      WORK,
    );
    expect(binder.message).toBe(
      'Binder Error: Referenced column "nope" not found in FROM clause! Candidate bindings: "id"',
    );
    expect(binder.detail).toEqual({});
  });
});

describe('problemText', () => {
  it('does not repeat a value a conversion could not read', () => {
    expect(
      problemText("Conversion Error: Could not convert string 'ada@example.com' to INT32\n\nLINE 1: SELECT"),
    ).toBe('Conversion Error: Could not convert a value to INT32');
  });
});

describe('isBatchTypeFailure', () => {
  it("knows the batch view's check and DuckDB's conversion and CSV errors, nothing else", () => {
    expect(isBatchTypeFailure(new Error(`Invalid Input Error: ${BATCH_TYPE_GUARD}`))).toBe(true);
    expect(isBatchTypeFailure(new Error('Conversion Error: CSV Error on Line: 2\nOriginal Line: 1,x'))).toBe(
      true,
    );
    expect(isBatchTypeFailure(new Error("Conversion Error: Could not convert string 'x' to INT64"))).toBe(
      true,
    );
    expect(
      isBatchTypeFailure(
        new Error('Invalid Input Error: CSV Error on Line: 7\nExpected Number of Columns: 3'),
      ),
    ).toBe(true);
    expect(isBatchTypeFailure(new Error('Binder Error: Referenced column "nope" not found'))).toBe(false);
    expect(isBatchTypeFailure(new Error('INTERRUPT Error: Interrupted!'))).toBe(false);
  });
});
