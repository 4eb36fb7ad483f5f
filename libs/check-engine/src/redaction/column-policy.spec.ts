import { AppError } from '@dq/contracts';
import { parseColumnPolicy } from './column-policy';

describe('parseColumnPolicy', () => {
  it('reads an empty stored policy as mask by default', () => {
    expect(parseColumnPolicy({})).toEqual({ columns: {}, default: 'mask' });
  });

  it('keeps named treatments and the default', () => {
    expect(parseColumnPolicy({ columns: { email: 'redact', country: 'allow' }, default: 'redact' })).toEqual({
      columns: { email: 'redact', country: 'allow' },
      default: 'redact',
    });
  });

  it.each([
    [{ columns: { email: 'shout' } }, 'columns.email'],
    [{ columns: [] }, 'columns'],
    [{ default: 'show' }, 'default'],
    [{ columns: { '': 'mask' } }, 'columns'],
  ])('refuses %j on %s', (input, field) => {
    try {
      parseColumnPolicy(input);
      throw new Error('expected a refusal');
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect(((error as AppError).detail['fields'] as { field: string }[])[0].field).toBe(field);
    }
  });
});
