import { type ChangeEvent, type FormEvent, useCallback, useRef, useState } from 'react';
import type { UseFormSetError } from 'react-hook-form';
import type { z } from 'zod';
import { useValidationText } from './validation-text';

type TextValues = Record<string, string>;

/**
 * The login form's state: a few text fields checked against one of the contract's zod
 * schemas, behaving as useZodForm (react-hook-form with its defaults) does. Nothing is
 * checked before the first submit; a submit checks every field, shows the first message of
 * each field in error and focuses the first of them, or hands the schema's output on; from
 * then on a change checks its field again. The login form is on the first page, where
 * react-hook-form would weigh 15 KB gzipped of its 250 KB budget (web/e2e/web-budgets.spec.ts);
 * every other form uses useZodForm.
 */
export function useSchemaForm<T extends TextValues>(schema: z.ZodType<T, T>, defaultValues: T) {
  const validationText = useValidationText();
  const [values, setValues] = useState(defaultValues);
  const [errors, setErrors] = useState<Partial<Record<keyof T, string>>>({});
  const [isSubmitting, setSubmitting] = useState(false);
  const latest = useRef(values);
  const submitted = useRef(false);
  const inputs = useRef(new Map<keyof T, HTMLInputElement | null>());

  /** The first message for each field in error, as @hookform/resolvers' zodResolver picks it. */
  const check = useCallback(
    (candidate: T): { data?: T; errors: Partial<Record<keyof T, string>> } => {
      const result = schema.safeParse(candidate);
      if (result.success) return { data: result.data, errors: {} };
      const found: Partial<Record<keyof T, string>> = {};
      for (const issue of result.error.issues) {
        const name = issue.path.join('.') as keyof T;
        found[name] ??= issue.message;
      }
      return { errors: found };
    },
    [schema],
  );

  /** The props of a TextBox for one field. */
  const field = (name: keyof T & string) => {
    const error = validationText(errors[name]);
    return {
      name,
      value: values[name],
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
        const next = { ...latest.current, [name]: event.target.value };
        latest.current = next;
        setValues(next);
        if (submitted.current) setErrors((current) => ({ ...current, [name]: check(next).errors[name] }));
      },
      inputRef: (input: HTMLInputElement | null) => {
        inputs.current.set(name, input);
      },
      error: Boolean(error),
      helperText: error,
    };
  };

  /** A field's message from elsewhere (the server's), as react-hook-form's setError takes it. */
  const setError: UseFormSetError<T> = (name, error) => {
    setErrors((current) => ({ ...current, [name]: error.message }));
  };

  const handleSubmit =
    (onValid: (values: T) => Promise<void>) =>
    async (event: FormEvent): Promise<void> => {
      event.preventDefault();
      setSubmitting(true);
      try {
        const result = check(latest.current);
        setErrors(result.errors);
        if (result.data) {
          await onValid(result.data);
          return;
        }
        const first = Object.keys(defaultValues).find((name) => result.errors[name]);
        if (first) inputs.current.get(first)?.focus();
      } finally {
        submitted.current = true;
        setSubmitting(false);
      }
    };

  return { field, setError, handleSubmit, isSubmitting };
}
