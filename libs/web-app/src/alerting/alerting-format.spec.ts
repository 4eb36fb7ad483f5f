import { parseRecipients, parseTemplate, resolveReasonLabel } from './alerting-format';

describe('alerting form values', () => {
  it('reads recipients one a line or separated by commas or semicolons, blanks dropped', () => {
    expect(parseRecipients('a@example.test\n b@example.test ,c@example.test;;\n\n')).toEqual([
      'a@example.test',
      'b@example.test',
      'c@example.test',
    ]);
    expect(parseRecipients('  \n ')).toEqual([]);
  });

  it('reads a payload template as a JSON object, blank as none, and names what is wrong otherwise', () => {
    expect(parseTemplate('  ')).toEqual({ ok: true, value: null });
    expect(parseTemplate('{"text": "{{summary}}"}')).toEqual({ ok: true, value: { text: '{{summary}}' } });
    const broken = parseTemplate('{"text": ');
    expect(broken.ok).toBe(false);
    expect(!broken.ok && broken.problem).toMatch(/^Not valid JSON/);
    for (const notObject of ['[1]', '"text"', 'null', '3']) {
      const parsed = parseTemplate(notObject);
      expect(!parsed.ok && parsed.problem).toMatch(/must be a JSON object/);
    }
  });

  it('says who resolved: a clean run when there is no reason, the reason in words otherwise', () => {
    expect(resolveReasonLabel(null, false)).toBe('Resolved by a clean run');
    expect(resolveReasonLabel(null, true)).toBe('No reason given');
    expect(resolveReasonLabel('false_positive', true)).toBe('False positive');
    expect(resolveReasonLabel('no_action_needed', true)).toBe('No action needed');
  });
});
