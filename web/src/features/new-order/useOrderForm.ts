import { useState } from 'react';
import { fieldSentences } from '../../lib/field-errors.ts';
import { ApiFailure } from '../../queries/failure.ts';
import type { Values } from './order-body.ts';

const reports = (field: string, name: string) =>
  field === name || field.startsWith(`${name}.`) || field.startsWith(`${name}[`);

/**
 * The new order's inputs and the service's messages for them. Each field asks for its message
 * as it is drawn; what the API names elsewhere (a field the form does not show) goes above the
 * buttons instead, read after the fields.
 */
export function useOrderForm(error: unknown) {
  const [values, setValues] = useState<Values>({ loan_type: 'conventional', transaction_type: 'purchase' });
  const errors = error instanceof ApiFailure ? fieldSentences(error.fieldErrors) : {};
  const raw = error instanceof ApiFailure ? error.fieldErrors : {};
  const shown = new Set<string>();
  const errorFor = (name: string, label?: string) => {
    shown.add(name);
    const found = Object.keys(errors).find((field) => reports(field, name));
    if (!found) return undefined;
    return label ? `${label} ${raw[found]}` : errors[found];
  };
  const unplaced = (): [string, string][] =>
    Object.entries(errors).filter(([field]) => ![...shown].some((name) => reports(field, name)));
  const set = (name: string, value: string) => setValues((previous) => ({ ...previous, [name]: value }));
  const field = (
    name: string,
    label: string,
    extra: { required?: boolean; description?: string; type?: string } = {},
  ) => ({
    label,
    value: values[name] ?? '',
    onChange: (event: { currentTarget: { value: string } }) => set(name, event.currentTarget.value),
    error: errorFor(name, label),
    // An asterisk, not the browser's own check: the API names what is missing, by the field.
    withAsterisk: extra.required,
    description: extra.description,
    type: extra.type,
  });
  const select = (
    name: string,
    label: string,
    data: { value: string; label: string }[],
    required = false,
  ) => ({
    label,
    data,
    value: values[name] || null,
    onChange: (value: string | null) => set(name, value ?? ''),
    error: errorFor(name, label),
    withAsterisk: required,
  });
  return { values, field, select, errorFor, unplaced, placed: Object.keys(errors).length };
}

export type OrderForm = ReturnType<typeof useOrderForm>;
