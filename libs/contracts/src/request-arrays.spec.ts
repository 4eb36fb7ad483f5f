import { plainToInstance } from 'class-transformer';
import { getMetadataStorage, validate } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';
import * as contracts from './index';
import { ProfileRequest } from './suites/suite.dto';
import { RunListQuery } from './runs/run-api.dto';
import { TargetProfileRequest } from './datasources/target-requests';

type Class = abstract new (...args: never[]) => unknown;

/** Every class exported by contracts that carries class-validator rules (the request DTOs among them). */
function validatedClasses(): Class[] {
  const storage = getMetadataStorage() as unknown as {
    validationMetadatas: Map<Class, ValidationMetadata[]>;
  };
  const exported = new Set<unknown>(Object.values(contracts));
  return [...storage.validationMetadatas.keys()].filter((target) => exported.has(target));
}

/** A class's rules including its ancestors', grouped by property. */
function rulesByProperty(target: Class): Map<string, ValidationMetadata[]> {
  const byProperty = new Map<string, ValidationMetadata[]>();
  const rules = getMetadataStorage().getTargetValidationMetadatas(target, '', true, false);
  for (const rule of rules) {
    byProperty.set(rule.propertyName, [...(byProperty.get(rule.propertyName) ?? []), rule]);
  }
  return byProperty;
}

describe('array fields of the contracts DTOs', () => {
  it('finds the DTOs to check', () => {
    expect(validatedClasses().length).toBeGreaterThan(30);
  });

  // `each: true` alone validates a lone value as if it were one item ("x" passes IsString each)
  // and IsOptional lets null through: both reached the runner as a TypeError (a 500).
  it('every `each: true` field is also @IsArray and never skipped on null by @IsOptional', () => {
    const holes: string[] = [];
    for (const target of validatedClasses()) {
      for (const [property, rules] of rulesByProperty(target)) {
        if (!rules.some((rule) => rule.each)) continue;
        const where = `${target.name}.${property}`;
        if (!rules.some((rule) => rule.name === 'isArray')) holes.push(`${where}: no @IsArray`);
        if (rules.some((rule) => rule.name === 'isOptional')) {
          holes.push(`${where}: @IsOptional lets null through; use @ValidateIf((_o, v) => v !== undefined)`);
        }
      }
    }
    expect(holes).toEqual([]);
  });

  const problemsOf = async (type: new () => object, plain: object): Promise<string[]> =>
    (await validate(plainToInstance(type, plain), { whitelist: true, forbidNonWhitelisted: true })).map(
      (error) => error.property,
    );

  it('refuses null and a lone string where a list of columns is expected, and takes absent or a list', async () => {
    for (const type of [ProfileRequest, TargetProfileRequest]) {
      expect(await problemsOf(type, { columns: null, top_values: 1 })).toContain('columns');
      expect(await problemsOf(type, { columns: 'x', top_values: 1 })).toContain('columns');
      expect(await problemsOf(type, { columns: { 0: 'x' }, top_values: 1 })).toContain('columns');
      expect(await problemsOf(type, { columns: ['a'], top_values: 1 })).not.toContain('columns');
      expect(await problemsOf(type, { top_values: 1 })).not.toContain('columns');
    }
    expect(await problemsOf(RunListQuery, { status: 'queued,running' })).toEqual([]);
    expect(await problemsOf(RunListQuery, { status: null })).toEqual(['status']);
  });
});
