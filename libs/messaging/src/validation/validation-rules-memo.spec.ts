import * as contracts from '@dq/contracts';
import { IsInt, IsString, MetadataStorage, getMetadataStorage, validateSync } from 'class-validator';
import { memoizeValidationRules } from './validation-rules-memo';

const storage = getMetadataStorage();
/** The lookup as class-validator itself does it, past the memo. */
const lookedUpAfresh = (...args: Parameters<MetadataStorage['getTargetValidationMetadatas']>) =>
  MetadataStorage.prototype.getTargetValidationMetadatas.apply(storage, args);

describe('remembered validation rules', () => {
  beforeAll(() => memoizeValidationRules());

  it('answers every contract class as class-validator does, for each set of lookup options', () => {
    const classes = Object.values(contracts).filter(
      (value): value is new () => object =>
        typeof value === 'function' && lookedUpAfresh(value, '', true, false).length > 0,
    );
    expect(classes.length).toBeGreaterThan(20);
    const options: [boolean, boolean, string[] | undefined][] = [
      [false, false, undefined],
      [true, false, undefined],
      [false, true, []],
      [false, false, ['some-group']],
    ];
    for (const contract of classes)
      for (const [always, strictGroups, groups] of options) {
        // Twice: the second answer is the remembered one.
        storage.getTargetValidationMetadatas(contract, '', always, strictGroups, groups);
        expect(storage.getTargetValidationMetadatas(contract, '', always, strictGroups, groups)).toEqual(
          lookedUpAfresh(contract, '', always, strictGroups, groups),
        );
      }
  });

  it('sees a rule registered after the class was validated, and a subclass defined later', () => {
    class Late {
      @IsString()
      name!: string;
    }
    const late = Object.assign(new Late(), { name: 'a', count: 'not a number' });
    expect(validateSync(late, { forbidUnknownValues: true })).toHaveLength(0);
    IsInt()(Late.prototype, 'count');
    expect(validateSync(late).map((error) => error.property)).toEqual(['count']);

    class Later extends Late {
      @IsString()
      label!: string;
    }
    const later = Object.assign(new Later(), { name: 1, count: 2, label: 3 });
    expect(
      validateSync(later)
        .map((error) => error.property)
        .sort(),
    ).toEqual(['label', 'name']);
  });

  it('is put in place once, however often it is asked', () => {
    const patched = storage.getTargetValidationMetadatas;
    memoizeValidationRules();
    expect(storage.getTargetValidationMetadatas).toBe(patched);
  });
});
