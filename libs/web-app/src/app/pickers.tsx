import {
  type ComboboxParsedItem,
  type MultiSelectProps,
  MultiSelect,
  type OptionsFilter,
  type Primitive,
  Select,
  type SelectProps,
  defaultOptionsFilter,
} from '@mantine/core';
import type { ReactNode } from 'react';

/** The value of the stand-in option; disabled, so it can never be picked. */
const NOTHING_FOUND = '\u0000nothing-found';

/**
 * Filters as Mantine does, but where nothing matches answers one disabled option saying so: the
 * open list then still holds an option, where Mantine's own message would leave a listbox with none.
 */
function withNothingFound<Value extends Primitive>(
  message: string | undefined,
  filter: OptionsFilter<Value> | undefined,
): OptionsFilter<Value> {
  return (input) => {
    const found = filter ? filter(input) : (defaultOptionsFilter(input) as ComboboxParsedItem<Value>[]);
    if (found.length > 0 || message === undefined) return found;
    return [{ value: NOTHING_FOUND as unknown as Value, label: message, disabled: true }];
  };
}

/** The props every picker shares: the message is text, shown as a disabled option. */
type PickerExtras = { nothingFoundMessage?: string };

export type PickerProps<Value extends Primitive = string> = Omit<SelectProps<Value>, 'nothingFoundMessage'> &
  PickerExtras;

export type MultiPickerProps<Value extends Primitive = string> = Omit<
  MultiSelectProps<Value>,
  'nothingFoundMessage'
> &
  PickerExtras;

/**
 * Mantine's Select as every screen uses it: its list is unmounted while closed and never left
 * without options (see `withNothingFound`), so no empty listbox reaches the page.
 */
export function Picker<Value extends Primitive = string>({
  nothingFoundMessage,
  filter,
  comboboxProps,
  ...props
}: PickerProps<Value>): ReactNode {
  return (
    <Select<Value>
      {...props}
      filter={withNothingFound(nothingFoundMessage, filter)}
      comboboxProps={{ keepMounted: false, ...comboboxProps }}
    />
  );
}

/** Mantine's MultiSelect with the same list handling as `Picker`. */
export function MultiPicker<Value extends Primitive = string>({
  nothingFoundMessage,
  filter,
  comboboxProps,
  ...props
}: MultiPickerProps<Value>): ReactNode {
  return (
    <MultiSelect<Value>
      {...props}
      filter={withNothingFound(nothingFoundMessage, filter)}
      comboboxProps={{ keepMounted: false, ...comboboxProps }}
    />
  );
}

/** One of a fixed list of choices, e.g. a state or a reason. */
export interface Choice<Value extends string> {
  value: Value;
  label: string;
}

/**
 * A `Picker` over a fixed list of choices that answers the choice itself (or null); with
 * `clearLabel` it can be cleared, its clear button named so.
 */
export function ChoicePicker<Value extends string>({
  choices,
  value,
  onChange,
  clearLabel,
  ...props
}: Omit<PickerProps<Value>, 'data' | 'value' | 'onChange' | 'clearable' | 'clearButtonProps'> & {
  choices: readonly Choice<Value>[];
  value: Value | null;
  onChange: (value: Value | null) => void;
  clearLabel?: string;
}): ReactNode {
  return (
    <Picker<Value>
      {...props}
      data={choices.map((choice) => ({ value: choice.value, label: choice.label }))}
      value={value}
      onChange={(picked) => onChange(choices.find((choice) => choice.value === picked)?.value ?? null)}
      clearable={clearLabel !== undefined}
      clearButtonProps={clearLabel === undefined ? undefined : { 'aria-label': clearLabel }}
    />
  );
}
