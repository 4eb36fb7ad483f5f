import { encodingProblem, lastRecordEnd, oneColumnMisread } from './csv-text';

const utf16 = (text: string): Buffer =>
  Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);

describe('lastRecordEnd', () => {
  it('ends at the last line feed outside a quoted field', () => {
    const sample = Buffer.from('id,note\n1,"a\nb"\n2,"open\nstill open');
    expect(lastRecordEnd(sample, 'utf-8')).toBe('id,note\n1,"a\nb"\n'.length);
  });

  it('counts a doubled quote inside a quoted field as no change', () => {
    const sample = Buffer.from('id,note\n1,"say ""hi""\nthere"\n2,x');
    expect(lastRecordEnd(sample, 'utf-8')).toBe('id,note\n1,"say ""hi""\nthere"\n'.length);
  });

  it('answers 0 when no record ends in the sample', () => {
    expect(lastRecordEnd(Buffer.from('"a header\nthat never closes'), 'utf-8')).toBe(0);
  });

  it('reads UTF-16 by two-byte characters after the byte order mark', () => {
    const text = 'id,city\n1,"Z\u00fcr\nich"\n2,"cut';
    const sample = utf16(text);
    expect(lastRecordEnd(sample, 'utf-16')).toBe(2 + 2 * 'id,city\n1,"Z\u00fcr\nich"\n'.length);
    // A byte 0x0a that is half of another character is no line end: U+0A22 is bytes 22 0A.
    expect(lastRecordEnd(utf16('a\u0a22b\nc'), 'utf-16')).toBe(2 + 2 * 'a\u0a22b\n'.length);
  });

  it('treats Latin-1 bytes above 0x7f as plain characters', () => {
    expect(lastRecordEnd(Buffer.from('id,city\n1,Z\u00fcrich\n2,S', 'latin1'), 'latin-1')).toBe(
      'id,city\n1,Z\u00fcrich\n'.length,
    );
  });
});

describe('encodingProblem', () => {
  it('accepts text in the encoding named', () => {
    expect(encodingProblem(Buffer.from('id,city\n1,Z\u00fcrich\n'), 'utf-8')).toBeNull();
    expect(encodingProblem(Buffer.from('id,city\n1,Z\u00fcrich\n', 'latin1'), 'latin-1')).toBeNull();
    expect(encodingProblem(utf16('id,city\n1,Z\u00fcrich\n'), 'utf-16')).toBeNull();
    expect(encodingProblem(Buffer.from('id,city\n', 'utf16le'), 'utf-16')).toBeNull();
  });

  it('refuses UTF-16 bytes read as UTF-8 or Latin-1, and 8-bit text read as UTF-16', () => {
    const cases: Array<[Buffer, 'utf-8' | 'utf-16' | 'latin-1', string]> = [
      [utf16('id\n1\n'), 'utf-8', 'UTF-16 byte order mark'],
      [Buffer.from('id\n1\n', 'utf16le'), 'latin-1', 'NUL bytes'],
      [Buffer.from('id,city\n1,x\n'), 'utf-16', 'no two-byte characters'],
      [Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from('\u6900\u6400')]), 'utf-16', 'big-endian'],
    ];
    for (const [bytes, encoding, why] of cases) {
      const problem = encodingProblem(bytes, encoding);
      expect(problem?.errorClass).toBe('invalid');
      expect(problem?.message).toContain(why);
      expect(problem?.message).toContain("the suite's file_encoding may be utf-8, utf-16, latin-1");
      expect(problem?.detail).toEqual({
        reason: 'encoding',
        encoding,
        supported: ['utf-8', 'utf-16', 'latin-1'],
      });
    }
  });
});

describe('oneColumnMisread', () => {
  it('refuses one column read from files whose first record has several fields', () => {
    const head = Buffer.from('id,comment,score\n1,"a\nb",2\n3,"x"\n');
    const problem = oneColumnMisread(['id,comment,score'], [head], 'utf-8');
    expect(problem).toMatchObject({ errorClass: 'invalid', detail: { reason: 'csv_dialect' } });
    expect(problem?.message).toContain('its header has 3 fields separated by ","');
    expect(oneColumnMisread(['a;b'], [Buffer.from('\ufeffa;b\n1;2\n')], 'utf-8')?.detail).toEqual({
      reason: 'csv_dialect',
    });
    expect(oneColumnMisread(['id'], [utf16('id\tcity\n1\tx\n')], 'utf-16')).not.toBeNull();
  });

  it('accepts a real one-column file, a delimiter inside quotes, and any view of several columns', () => {
    expect(oneColumnMisread(['abs_file_name'], [Buffer.from('abs_file_name')], 'utf-8')).toBeNull();
    expect(oneColumnMisread(['a, b'], [Buffer.from('"a, b"\n"1, 2"\n')], 'utf-8')).toBeNull();
    expect(oneColumnMisread(['id', 'name'], [Buffer.from('id,name\n')], 'utf-8')).toBeNull();
  });
});
