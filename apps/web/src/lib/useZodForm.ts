import { useState, type ChangeEvent } from 'react';
import { z } from 'zod';

// Zod's own messages (wrong types, missing fields) in French, for every form.
z.config(z.locales.fr());

type Errors<T> = Partial<Record<keyof T & string, string>>;

/** The keys of the fields a text input edits. */
type TextKeys<T> = { [K in keyof T]-?: T[K] extends string | undefined ? K : never }[keyof T] & string;

/** What a text input needs to edit one field of the form. */
export interface TextFieldProps {
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  error: string | undefined;
}

/**
 * Validates on submit, then on every change after the first submit, with the same zod schema
 * the server uses. Server field errors can be shown through `setErrors`.
 */
export function useZodForm<S extends z.ZodType<object>>(schema: S, initial: z.input<S>) {
  type Values = z.input<S>;
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<Errors<Values>>({});
  const [submitted, setSubmitted] = useState(false);

  const validate = (next: Values): z.output<S> | null => {
    const result = schema.safeParse(next);
    if (result.success) {
      setErrors({});
      return result.data;
    }
    const found: Errors<Values> = {};
    for (const issue of result.error.issues) {
      const key = String(issue.path[0] ?? '') as keyof Values & string;
      found[key] ??= issue.message;
    }
    setErrors(found);
    return null;
  };

  const setField = <K extends keyof Values & string>(key: K, value: Values[K]) => {
    const next = { ...(values as object), [key]: value } as Values;
    setValues(next);
    if (submitted) validate(next);
  };

  /** Spread on a text input: `<TextInput {...form.field('email')} />`. */
  const field = (key: TextKeys<Values>): TextFieldProps => ({
    value: (values[key] as string | undefined) ?? '',
    onChange: (event) => setField(key, event.currentTarget.value as Values[typeof key]),
    error: errors[key],
  });

  const handleSubmit = (onValid: (data: z.output<S>) => void) => (event?: { preventDefault(): void }) => {
    event?.preventDefault();
    setSubmitted(true);
    const data = validate(values);
    if (data) onValid(data);
  };

  const reset = (next: Values = initial) => {
    setValues(next);
    setErrors({});
    setSubmitted(false);
  };

  return { values, errors, setField, field, setErrors, handleSubmit, reset };
}
