// The check editor's logic, without React: the catalogue's parameters become form fields, typed
// text becomes the check body, a stored check becomes typed text again, and a 422 maps to fields.
import type { components } from '@dq/api-client';
import { ApiError } from '../api/api-error';

type Schemas = components['schemas'];
export type CheckKindDescription = Schemas['CheckKindDescription'];
export type CheckKindParameter = Schemas['CheckKindParameter'];
export type ExpectationTypeDescription = Schemas['ExpectationTypeDescription'];
export type CheckBody = Schemas['CreateCheckRequest'];
export type Check = Schemas['CheckResponse'];
export type Dimension = NonNullable<Check['dimension']>;

export const DIMENSIONS: readonly Dimension[] = [
  'completeness',
  'uniqueness',
  'validity',
  'accuracy',
  'consistency',
  'timeliness',
];
export const TIERS = ['warn', 'fail', 'critical'] as const;
export type Tier = (typeof TIERS)[number];

/** How one config parameter is entered. */
export type FieldControl =
  | 'text'
  | 'textarea'
  | 'number'
  | 'integer'
  | 'number-or-text'
  | 'boolean'
  | 'select'
  | 'multiselect'
  | 'column'
  | 'columns'
  | 'values'
  | 'json';

export interface FieldSpec {
  name: string;
  label: string;
  control: FieldControl;
  required: boolean;
  description: string | null;
  /** What the engine assumes when the field is left out, as text for a placeholder. */
  defaultText: string | null;
  options: string[];
  minimum: number | null;
  maximum: number | null;
  exclusiveMinimum: boolean;
}

/** A field's typed value: text, a switch, or a list (columns, allowed values, set members). */
export type FieldValue = string | boolean | string[];

export interface CheckFormState {
  name: string;
  description: string;
  /** `expectation:<type>` for an expectation, else the kind. */
  choice: string;
  /** Empty: the kind's (or expectation type's) default dimension. */
  dimension: Dimension | '';
  enabled: boolean;
  fields: Record<string, FieldValue>;
  thresholds: Record<Tier, string>;
}

/** What one catalogue choice is: the kind, its expectation type if any, and its parameters. */
export interface Choice {
  value: string;
  label: string;
  group: string;
  description: string;
  kind: CheckKindDescription;
  expectation: ExpectationTypeDescription | null;
}

const COLUMN_NAME = 'column';
const COLUMN_LISTS = new Set(['column_list', 'column_set', 'key_columns', 'compare_columns', 'columns']);
const LONG_TEXT = new Set(['sql', 'target_query', 'regex']);

/** `expect_column_values_to_not_be_null` → "Column values to not be null"; `min_rows` → "Min rows". */
export function humanize(name: string): string {
  const words = name
    .replace(/^expect_/, '')
    .replace(/_+$/, '')
    .split('_')
    .filter(Boolean);
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Every kind and expectation type the catalogue offers, as picker choices grouped by kind. */
export function choicesOf(kinds: readonly CheckKindDescription[]): Choice[] {
  const choices: Choice[] = [];
  for (const kind of kinds) {
    if (kind.kind === 'expectation') {
      for (const expectation of kind.expectation_types) {
        choices.push({
          value: `expectation:${expectation.type}`,
          label: humanize(expectation.type),
          group: expectation.engine === 'native' ? 'Expectations (native engine)' : 'Expectations',
          description: expectation.description,
          kind,
          expectation,
        });
      }
    } else {
      choices.push({
        value: kind.kind,
        label: kind.title,
        group: 'Monitors and other kinds',
        description: kind.description,
        kind,
        expectation: null,
      });
    }
  }
  return choices;
}

/** The choice a stored check is (its kind, and its expectation type for an expectation). */
export function choiceValueOf(kind: string, config: Record<string, unknown>): string {
  const type = config['expectation_type'];
  return kind === 'expectation' && typeof type === 'string' ? `expectation:${type}` : kind;
}

function schemaItemsType(parameter: CheckKindParameter): string | undefined {
  const items = (parameter.schema as { items?: { type?: unknown } }).items;
  return typeof items?.type === 'string' ? items.type : undefined;
}

function schemaItemsEnum(parameter: CheckKindParameter): string[] {
  const items = (parameter.schema as { items?: { enum?: unknown } }).items;
  return Array.isArray(items?.enum) ? items.enum.map(String) : [];
}

function controlOf(parameter: CheckKindParameter): FieldControl {
  const types = parameter.type.split(' | ').filter((type) => type !== 'null');
  const [type] = types;
  if (parameter.name === COLUMN_NAME && type === 'string') return 'column';
  if (types.length > 1 && types.includes('number') && types.includes('string')) return 'number-or-text';
  if (type === 'boolean') return 'boolean';
  if (type === 'integer') return 'integer';
  if (type === 'number') return 'number';
  if (type === 'string') {
    if (parameter.allowed_values?.length) return 'select';
    return LONG_TEXT.has(parameter.name) ? 'textarea' : 'text';
  }
  if (type === 'array') {
    if (schemaItemsEnum(parameter).length > 0) return 'multiselect';
    if (COLUMN_LISTS.has(parameter.name)) return 'columns';
    if (schemaItemsType(parameter) !== 'object') return 'values';
  }
  return 'json';
}

function textOf(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The form fields of a list of catalogue parameters, in the catalogue's order. */
export function fieldsOf(parameters: readonly CheckKindParameter[]): FieldSpec[] {
  return parameters.map((parameter) => {
    const control = controlOf(parameter);
    const options =
      control === 'multiselect'
        ? schemaItemsEnum(parameter)
        : (parameter.allowed_values ?? []).map((value) =>
            typeof value === 'string' ? value : JSON.stringify(value),
          );
    return {
      name: parameter.name,
      label: humanize(parameter.name),
      control,
      required: parameter.required,
      description: parameter.description,
      defaultText: textOf(parameter.default),
      options,
      minimum: parameter.minimum,
      maximum: parameter.maximum,
      exclusiveMinimum: parameter.exclusive_minimum,
    };
  });
}

/** The config fields a choice shows: an expectation's kwargs, or the kind's own parameters. */
export function fieldsOfChoice(choice: Choice): FieldSpec[] {
  if (choice.expectation) return fieldsOf(choice.expectation.parameters);
  return fieldsOf(choice.kind.parameters);
}

/** The threshold tiers of a choice's kind; empty when the kind refuses `thresholds`. */
export function thresholdFieldsOf(kind: CheckKindDescription): FieldSpec[] {
  return kind.thresholds.applies ? fieldsOf(kind.thresholds.fields) : [];
}

/** An empty form for a new check. */
export function emptyForm(): CheckFormState {
  return {
    name: '',
    description: '',
    choice: '',
    dimension: '',
    enabled: true,
    fields: {},
    thresholds: { warn: '', fail: '', critical: '' },
  };
}

function emptyValue(field: FieldSpec): FieldValue {
  if (field.control === 'boolean') return false;
  if (field.control === 'multiselect' || field.control === 'columns' || field.control === 'values') return [];
  return '';
}

/**
 * The form after picking another choice: fields the new choice shares by name keep what was typed,
 * the others start empty (a boolean with a default starts at it).
 */
export function withChoice(state: CheckFormState, choice: Choice): CheckFormState {
  const fields: Record<string, FieldValue> = {};
  for (const field of fieldsOfChoice(choice)) {
    const kept = state.fields[field.name];
    if (kept !== undefined && typeof kept === typeof emptyValue(field)) fields[field.name] = kept;
    else if (field.control === 'boolean') fields[field.name] = field.defaultText === 'true';
    else fields[field.name] = emptyValue(field);
  }
  return { ...state, choice: choice.value, fields };
}

function valueToField(field: FieldSpec, value: unknown): FieldValue {
  if (value === undefined || value === null) return emptyValue(field);
  switch (field.control) {
    case 'boolean':
      return value === true;
    case 'multiselect':
    case 'columns':
    case 'values':
      return Array.isArray(value)
        ? value.map((item) => (typeof item === 'string' ? item : JSON.stringify(item)))
        : [];
    case 'json':
      return JSON.stringify(value, null, 2);
    default:
      return typeof value === 'string' ? value : JSON.stringify(value);
  }
}

/** A stored check (or one of its versions) as the form shows it. */
export function formOfCheck(
  check: Pick<Check, 'name' | 'description' | 'kind' | 'dimension' | 'enabled' | 'config' | 'thresholds'>,
  choice: Choice | undefined,
): CheckFormState {
  const config = check.config as Record<string, unknown>;
  const source = choice?.expectation ? ((config['kwargs'] ?? {}) as Record<string, unknown>) : config;
  const fields: Record<string, FieldValue> = {};
  for (const field of choice ? fieldsOfChoice(choice) : [])
    fields[field.name] = valueToField(field, source[field.name]);
  const thresholds = (check.thresholds ?? {}) as Record<string, unknown>;
  const tier = (name: Tier): string => (typeof thresholds[name] === 'number' ? String(thresholds[name]) : '');
  return {
    name: check.name,
    description: check.description ?? '',
    choice: choiceValueOf(check.kind, config),
    dimension: check.dimension,
    enabled: check.enabled,
    fields,
    thresholds: { warn: tier('warn'), fail: tier('fail'), critical: tier('critical') },
  };
}

/** A list member as typed: a number when it reads as one, `true`/`false` as booleans, else the text. */
export function listMember(text: string): string | number | boolean {
  const trimmed = text.trim();
  if (trimmed === 'true') return true;
  if (trimmed === 'false') return false;
  if (trimmed !== '' && /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(trimmed)) return Number(trimmed);
  return text;
}

function boundProblem(field: FieldSpec, value: number): string | undefined {
  if (field.minimum !== null) {
    if (field.exclusiveMinimum && value <= field.minimum) return `must be greater than ${field.minimum}`;
    if (!field.exclusiveMinimum && value < field.minimum) return `must be at least ${field.minimum}`;
  }
  if (field.maximum !== null && value > field.maximum) return `must be at most ${field.maximum}`;
  return undefined;
}

/** One typed value as the API takes it, or a problem; `undefined` value: left out. */
export function parseField(
  field: FieldSpec,
  raw: FieldValue | undefined,
): { value?: unknown; problem?: string } {
  if (raw === undefined) return field.required ? { problem: 'is required' } : {};
  if (typeof raw === 'boolean') return { value: raw };
  if (Array.isArray(raw)) {
    if (raw.length === 0) return field.required ? { problem: 'needs at least one value' } : {};
    return { value: field.control === 'values' ? raw.map(listMember) : raw };
  }
  const text = field.control === 'textarea' || field.control === 'text' ? raw : raw.trim();
  if (text.trim() === '') return field.required ? { problem: 'is required' } : {};
  switch (field.control) {
    case 'integer':
    case 'number': {
      const value = Number(text);
      if (!Number.isFinite(value)) return { problem: 'must be a number' };
      if (field.control === 'integer' && !Number.isInteger(value))
        return { problem: 'must be a whole number' };
      const problem = boundProblem(field, value);
      return problem ? { problem } : { value };
    }
    case 'number-or-text': {
      const value = Number(text);
      return { value: text !== '' && Number.isFinite(value) ? value : text };
    }
    case 'json':
      try {
        return { value: JSON.parse(text) as unknown };
      } catch {
        return { problem: 'must be JSON' };
      }
    default:
      return { value: text };
  }
}

/** What the form sends, or the problems found before asking the API (by field name). */
export interface BuiltCheck {
  body: CheckBody | null;
  problems: Record<string, string>;
}

function thresholdsOf(
  kind: CheckKindDescription,
  raw: Record<Tier, string>,
  problems: Record<string, string>,
): Record<string, number> | undefined {
  if (!kind.thresholds.applies) return undefined;
  const thresholds: Record<string, number> = {};
  for (const field of thresholdFieldsOf(kind)) {
    const parsed = parseField(field, raw[field.name as Tier]);
    if (parsed.problem) problems[`thresholds.${field.name}`] = parsed.problem;
    else if (typeof parsed.value === 'number') thresholds[field.name] = parsed.value;
  }
  // warn <= fail <= critical, among the tiers given.
  const given = TIERS.filter((tier) => thresholds[tier] !== undefined);
  for (let i = 1; i < given.length; i += 1) {
    const [lower, upper] = [given[i - 1], given[i]];
    if (thresholds[lower] > thresholds[upper] && !problems[`thresholds.${upper}`]) {
      problems[`thresholds.${upper}`] = `must be at least the ${lower} bound (${thresholds[lower]})`;
    }
  }
  return Object.keys(thresholds).length > 0 ? thresholds : undefined;
}

/** The check body the form describes (for create, dry run and edit alike). */
export function buildCheck(state: CheckFormState, choice: Choice | undefined): BuiltCheck {
  const problems: Record<string, string> = {};
  if (state.name.trim() === '') problems['name'] = 'is required';
  if (!choice) {
    problems['kind'] = 'pick what to check';
    return { body: null, problems };
  }
  const values: Record<string, unknown> = {};
  for (const field of fieldsOfChoice(choice)) {
    const parsed = parseField(field, state.fields[field.name]);
    if (parsed.problem) problems[field.name] = parsed.problem;
    else if (parsed.value !== undefined) values[field.name] = parsed.value;
  }
  const thresholds = thresholdsOf(choice.kind, state.thresholds, problems);
  const config: Record<string, unknown> = choice.expectation
    ? { expectation_type: choice.expectation.type, kwargs: values }
    : values;
  const body: CheckBody = {
    name: state.name.trim(),
    description: state.description.trim() === '' ? null : state.description.trim(),
    kind: choice.kind.kind as CheckBody['kind'],
    config,
    enabled: state.enabled,
  };
  if (choice.expectation?.engine === 'native') body.engine = 'native';
  if (state.dimension !== '') body.dimension = state.dimension;
  if (thresholds) body.thresholds = thresholds;
  return { body: Object.keys(problems).length > 0 ? null : body, problems };
}

/** The problems a 422 names, as `{field path: text}`. */
export function apiFieldProblems(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const fields = error.detail['fields'];
  const problems: Record<string, string> = {};
  if (Array.isArray(fields)) {
    for (const entry of fields as unknown[]) {
      if (typeof entry !== 'object' || entry === null) continue;
      const { field, problems: list } = entry as { field?: unknown; problems?: unknown };
      if (typeof field !== 'string' || !Array.isArray(list)) continue;
      problems[field] = list.filter((problem): problem is string => typeof problem === 'string').join('; ');
    }
  } else if (typeof error.detail['field'] === 'string') {
    problems[error.detail['field']] = error.message;
  }
  return problems;
}

/**
 * The problem for one form field among the API's field paths: `name`, `thresholds.warn`, or a
 * config parameter named at the end of a path (`config.kwargs.column`, `config.min_rows`) or
 * inside one (`config.kwargs.row_condition.0.op`).
 */
export function problemFor(problems: Record<string, string>, field: string): string | undefined {
  const found: string[] = [];
  for (const [path, text] of Object.entries(problems)) {
    if (path === field) found.push(text);
    else if (!field.includes('.') && ['name', 'description', 'dimension', 'kind', 'engine'].includes(field))
      continue;
    else if (field.startsWith('thresholds.')) continue;
    else if (path.startsWith('thresholds.')) continue;
    else if (path.endsWith(`.${field}`) || path.includes(`.${field}.`)) found.push(text);
  }
  return found.length > 0 ? found.join('; ') : undefined;
}
