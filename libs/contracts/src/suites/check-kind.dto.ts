import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { CONNECTION_KINDS, type ConnectionKind } from '../connections/connection-kind';
import { ListPageQuery } from '../paging/list-page';
import { DQ_DIMENSIONS, type DqDimension } from './check.dto';

/** Any JSON value (a parameter's default, an allowed value). */
const ANY_JSON = {
  oneOf: [
    { type: 'string' },
    { type: 'number' },
    { type: 'boolean' },
    { type: 'array', items: {} },
    { type: 'object', additionalProperties: true },
  ],
};

/** `GET /check-kinds`: the catalogue, optionally narrowed to what runs on one datasource kind. */
export class CheckKindListQuery extends ListPageQuery {
  /** Only the kinds (variants, expectation types) that run on this datasource kind. */
  @IsOptional()
  @IsIn(CONNECTION_KINDS)
  datasource_kind?: ConnectionKind;
}

/** One field of a check's `config` (or of an expectation's `kwargs`, or of `thresholds`). */
export class CheckKindParameter {
  @ApiProperty()
  name!: string;

  @ApiProperty({
    description: 'JSON type(s): string, number, integer, boolean, array, object; several joined by " | "',
  })
  type!: string;

  @ApiProperty()
  required!: boolean;

  @ApiProperty({
    ...ANY_JSON,
    nullable: true,
    description: 'What the engine assumes when the field is left out',
  })
  default!: unknown;

  @ApiProperty({ type: String, nullable: true })
  description!: string | null;

  @ApiProperty({ type: 'array', items: ANY_JSON, nullable: true })
  allowed_values!: unknown[] | null;

  @ApiProperty({ type: Number, nullable: true })
  minimum!: number | null;

  @ApiProperty({ type: Number, nullable: true })
  maximum!: number | null;

  @ApiProperty({ description: 'True when minimum itself is refused (a value must be greater)' })
  exclusive_minimum!: boolean;

  @ApiProperty({ type: 'object', additionalProperties: true, description: 'The JSON Schema of the field' })
  schema!: Record<string, unknown>;
}

/** A valid body for `POST /suites/{id}/checks`. */
export class CheckKindExample {
  @ApiProperty()
  name!: string;

  @ApiProperty()
  kind!: string;

  @ApiPropertyOptional({ enum: ['standard', 'native'] })
  engine?: string;

  @ApiProperty({ type: 'object', additionalProperties: true })
  config!: Record<string, unknown>;

  @ApiPropertyOptional({ type: 'object', additionalProperties: { type: 'number' } })
  thresholds?: Record<string, number>;
}

export class CheckKindThresholds {
  @ApiProperty({
    description: 'False when the kind refuses `thresholds` (its bounds or severity are in config)',
  })
  applies!: boolean;

  @ApiProperty({ type: String, nullable: true })
  unit!: string | null;

  @ApiProperty({ type: [CheckKindParameter] })
  fields!: CheckKindParameter[];

  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'number' },
    nullable: true,
    description: 'The bounds used when thresholds are left out',
  })
  default!: Record<string, number> | null;

  @ApiProperty({ type: 'object', additionalProperties: true, nullable: true })
  schema!: Record<string, unknown> | null;
}

/** One row of the datasource support matrix a kind spans. */
export class CheckKindVariant {
  @ApiProperty()
  variant!: string;

  @ApiProperty()
  title!: string;

  @ApiProperty({ description: 'When a check of the kind is this variant' })
  when!: string;

  @ApiProperty({ enum: CONNECTION_KINDS, isArray: true })
  datasource_kinds!: ConnectionKind[];
}

export class ExpectationTypeDescription {
  @ApiProperty()
  type!: string;

  @ApiProperty()
  description!: string;

  @ApiProperty({ enum: ['column_map', 'column_aggregate', 'table'] })
  shape!: string;

  @ApiProperty({ enum: ['standard', 'native'] })
  engine!: string;

  @ApiProperty({ enum: CONNECTION_KINDS, isArray: true })
  datasource_kinds!: ConnectionKind[];

  @ApiProperty({ type: [CheckKindParameter], description: 'The fields of kwargs' })
  parameters!: CheckKindParameter[];

  @ApiProperty({ type: [String] })
  rules!: string[];

  @ApiProperty({ enum: DQ_DIMENSIONS })
  default_dimension!: DqDimension;

  @ApiProperty({ type: 'object', additionalProperties: true })
  config_schema!: Record<string, unknown>;

  @ApiProperty({ type: CheckKindExample })
  example!: CheckKindExample;
}

/** `GET /check-kinds/{kind}`: a check kind as the engine defines it. */
export class CheckKindDescription {
  @ApiProperty()
  kind!: string;

  @ApiProperty()
  title!: string;

  @ApiProperty()
  description!: string;

  @ApiProperty({ enum: CONNECTION_KINDS, isArray: true })
  datasource_kinds!: ConnectionKind[];

  @ApiProperty({ type: [CheckKindVariant] })
  variants!: CheckKindVariant[];

  @ApiProperty({ type: [String], description: 'The engines an expectation may name; empty for other kinds' })
  engines!: string[];

  @ApiProperty({ type: [CheckKindParameter], description: 'The fields of config' })
  parameters!: CheckKindParameter[];

  @ApiProperty({ type: [String], description: 'Rules across fields, in words' })
  rules!: string[];

  @ApiProperty({ type: CheckKindThresholds })
  thresholds!: CheckKindThresholds;

  @ApiProperty({ enum: DQ_DIMENSIONS })
  default_dimension!: DqDimension;

  @ApiProperty({ type: 'object', additionalProperties: true, description: 'The JSON Schema of config' })
  config_schema!: Record<string, unknown>;

  @ApiProperty({ type: [ExpectationTypeDescription] })
  expectation_types!: ExpectationTypeDescription[];

  @ApiProperty({ type: CheckKindExample })
  example!: CheckKindExample;
}

export class CheckKindPage {
  @ApiProperty({ type: [CheckKindDescription] })
  items!: CheckKindDescription[];

  @ApiProperty({ type: String, nullable: true })
  next_cursor!: string | null;
}
