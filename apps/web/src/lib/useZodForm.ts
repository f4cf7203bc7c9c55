import { useState } from 'react';
import { z } from 'zod';

// Zod's own messages (wrong types, missing fields) in French, for every form.
z.config(z.locales.fr());

type Errors<T> = Partial<Record<keyof T & string, string>>;

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

  return { values, errors, setField, setErrors, handleSubmit, reset };
}
