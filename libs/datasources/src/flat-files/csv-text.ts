import { DatasourceErrorClass, FILE_ENCODINGS, type FileEncoding } from '@dq/contracts';
import { DatasourceError } from '../adapter/datasource-adapter';

const QUOTE = 0x22;
const LINE_FEED = 0x0a;
const NUL = 0x00;

/** What a user may set, said in every encoding error. */
const SUPPORTED = `the suite's file_encoding may be ${FILE_ENCODINGS.join(', ')}`;

const ENCODING_NAMES: Readonly<Record<FileEncoding, string>> = {
  'utf-8': 'UTF-8',
  'utf-16': 'UTF-16',
  'latin-1': 'Latin-1',
};

/** A file whose bytes are not text in the suite's encoding: `invalid`, `detail.reason: encoding`. */
export function encodingError(encoding: FileEncoding, why: string): DatasourceError {
  return new DatasourceError(
    DatasourceErrorClass.Invalid,
    `The file is not ${ENCODING_NAMES[encoding]} text (${why}); ${SUPPORTED}`,
    { detail: { reason: 'encoding', encoding, supported: [...FILE_ENCODINGS] } },
  );
}

/**
 * What a file's first bytes show about its encoding, checked before DuckDB reads it (DuckDB reads a
 * UTF-8 file as UTF-16, or UTF-16 as Latin-1, without a word: one column of garbage, no rows).
 * Text in UTF-16 holds a NUL byte in every ASCII character, a line end or a delimiter included;
 * UTF-8 and Latin-1 text holds none. DuckDB reads little-endian UTF-16 only.
 */
export function encodingProblem(head: Uint8Array, encoding: FileEncoding): DatasourceError | null {
  const hasNul = head.includes(NUL);
  if (encoding === 'utf-16') {
    if (head[0] === 0xfe && head[1] === 0xff)
      return encodingError(
        encoding,
        'it starts with a big-endian UTF-16 byte order mark: only little-endian is read',
      );
    if (!hasNul && head.byteLength > 1) return encodingError(encoding, 'it holds no two-byte characters');
    return null;
  }
  if (hasNul) {
    const utf16 = (head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff);
    return encodingError(encoding, utf16 ? 'it starts with a UTF-16 byte order mark' : 'it holds NUL bytes');
  }
  return null;
}

/**
 * The length of `sample` up to the end of its last whole record: the last line feed outside a
 * `"`-quoted field (RFC 4180: a doubled quote inside a quoted field toggles twice). A sample cut
 * inside a quoted field that spans lines then ends where a record ends, never mid-field. 0 when no
 * record ends in the sample. In UTF-16 (little-endian) a character is two bytes, ASCII ones
 * `<byte> 00`, after an optional byte order mark.
 */
export function lastRecordEnd(sample: Uint8Array, encoding: FileEncoding): number {
  const width = encoding === 'utf-16' ? 2 : 1;
  const start = width === 2 && sample[0] === 0xff && sample[1] === 0xfe ? 2 : 0;
  let quoted = false;
  let end = 0;
  for (let index = start; index + width <= sample.byteLength; index += width) {
    if (width === 2 && sample[index + 1] !== 0) continue;
    const byte = sample[index];
    if (byte === QUOTE) quoted = !quoted;
    else if (byte === LINE_FEED && !quoted) end = index + width;
  }
  return end;
}

/**
 * The length of `head` up to the end of its first record (the header): its first line feed outside
 * a `"`-quoted field, as `lastRecordEnd` reads them. 0 when the head holds no whole record.
 */
export function firstRecordEnd(head: Uint8Array, encoding: FileEncoding): number {
  const width = encoding === 'utf-16' ? 2 : 1;
  let quoted = false;
  for (let index = 0; index + width <= head.byteLength; index += width) {
    if (width === 2 && head[index + 1] !== 0) continue;
    const byte = head[index];
    if (byte === QUOTE) quoted = !quoted;
    else if (byte === LINE_FEED && !quoted) return index + width;
  }
  return 0;
}

/** The delimiters DuckDB's sniffer tries. */
const DELIMITERS = [',', ';', '\t', '|'] as const;

function decodeHead(head: Uint8Array, encoding: FileEncoding): string {
  const bytes = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  const text =
    encoding === 'utf-16'
      ? bytes.subarray(0, bytes.byteLength - (bytes.byteLength % 2)).toString('utf16le')
      : bytes.toString(encoding === 'latin-1' ? 'latin1' : 'utf8');
  return text.replace(/^\uFEFF/, '');
}

/** The first record of a file's head split at `delimiter` outside `"` quotes: how many fields. */
function firstRecordFields(text: string, delimiter: string): number {
  let quoted = false;
  let fields = 1;
  for (const character of text) {
    if (character === '"') quoted = !quoted;
    else if (!quoted && (character === '\n' || character === '\r')) break;
    else if (!quoted && character === delimiter) fields += 1;
  }
  return fields;
}

/**
 * Refuses a view DuckDB read as one column from files whose first record has several fields under
 * a delimiter it tries: the sniffer found no dialect that fits the rows and fell back to one column
 * named after the whole header line, which would read every line as one value (wrong row counts,
 * a baseline of the wrong header) without a word.
 */
export function oneColumnMisread(
  columnNames: readonly string[],
  heads: readonly Uint8Array[],
  encoding: FileEncoding,
): DatasourceError | null {
  if (columnNames.length !== 1) return null;
  for (const head of heads) {
    const text = decodeHead(head, encoding);
    for (const delimiter of DELIMITERS) {
      const fields = firstRecordFields(text, delimiter);
      if (fields > 1)
        return new DatasourceError(
          DatasourceErrorClass.Invalid,
          `The CSV file could not be read: its header has ${fields} fields separated by ${JSON.stringify(delimiter)}, but no delimiter and quoting (RFC 4180, \`"\` quotes) fit its rows`,
          { detail: { reason: 'csv_dialect' } },
        );
    }
  }
  return null;
}
