import 'reflect-metadata';
import { type ArgumentMetadata } from '@nestjs/common';
import { IsDefined, IsInt, IsOptional, IsString, Min, ValidateIf } from 'class-validator';
import { Type } from 'class-transformer';
import { AppError, ErrorCode } from '@dq/contracts';
import { createValidationPipe } from './validation-errors';

let optionalChecks = 0;

class ListQuery {
  @ValidateIf((_query, value) => {
    optionalChecks += 1;
    return value !== undefined;
  })
  @IsString()
  name?: string;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  limit?: number;

  @IsString({ each: true })
  tags: string[] = [];
}

class RequiredQuery {
  @IsDefined()
  @IsString()
  q!: string;
}

const asQuery = (metatype: ArgumentMetadata['metatype']): ArgumentMetadata => ({ type: 'query', metatype });

describe('createValidationPipe: a query without parameters', () => {
  it('is validated once per query class; each request still gets an instance of its own', async () => {
    const pipe = createValidationPipe();
    optionalChecks = 0;
    const first = (await pipe.transform({}, asQuery(ListQuery))) as ListQuery;
    const checksAfterFirst = optionalChecks;
    const second = (await pipe.transform({}, asQuery(ListQuery))) as ListQuery;
    const third = (await pipe.transform(Object.create(null), asQuery(ListQuery))) as ListQuery;

    expect(checksAfterFirst).toBeGreaterThan(0);
    expect(optionalChecks).toBe(checksAfterFirst);
    for (const outcome of [first, second, third]) {
      expect(outcome).toBeInstanceOf(ListQuery);
      expect(outcome).toEqual(first);
    }
    // No request sees what another did to its own copy.
    second.tags.push('changed');
    second.name = 'changed';
    const fourth = (await pipe.transform({}, asQuery(ListQuery))) as ListQuery;
    expect(fourth.tags).toEqual([]);
    expect(fourth.name).toBeUndefined();
    expect(fourth).not.toBe(second);
  });

  it('a query with parameters is validated every time, before and after an empty one', async () => {
    const pipe = createValidationPipe();
    await expect(pipe.transform({ limit: '0' }, asQuery(ListQuery))).rejects.toBeInstanceOf(AppError);
    await pipe.transform({}, asQuery(ListQuery));
    await expect(pipe.transform({ limit: '0' }, asQuery(ListQuery))).rejects.toMatchObject({
      code: ErrorCode.ValidationFailed,
    });
    await expect(pipe.transform({ unknown: 'x' }, asQuery(ListQuery))).rejects.toMatchObject({
      code: ErrorCode.ValidationFailed,
    });
    expect(await pipe.transform({ limit: '5' }, asQuery(ListQuery))).toEqual(
      Object.assign(new ListQuery(), { limit: 5 }),
    );
  });

  it('an empty query its class refuses is refused every time', async () => {
    const pipe = createValidationPipe();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await expect(pipe.transform({}, asQuery(RequiredQuery))).rejects.toMatchObject({
        code: ErrorCode.ValidationFailed,
        detail: { fields: [{ field: 'q' }] },
      });
    }
  });

  it('an empty body is not taken for an empty query', async () => {
    const pipe = createValidationPipe();
    await expect(pipe.transform({}, { type: 'body', metatype: RequiredQuery })).rejects.toBeInstanceOf(
      AppError,
    );
    await pipe.transform({}, asQuery(ListQuery));
    await expect(pipe.transform({}, { type: 'body', metatype: RequiredQuery })).rejects.toBeInstanceOf(
      AppError,
    );
  });
});
