import { useCallback, useState, type RefObject } from 'react';

/** Field name → the message to show under it. */
export type FieldErrors<Field extends string = string> = Partial<Record<Field, string>>;

/**
 * The messages of a form: one per field, and a summary above it. Showing problems moves focus to
 * the first field that has one; editing a field clears its message and the summary.
 */
export function useFormProblems<Field extends string = string>(formRef: RefObject<HTMLFormElement | null>) {
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [summary, setSummary] = useState<string | null>(null);

  const clear = useCallback((...fields: Field[]) => {
    setSummary(null);
    setErrors((current) => {
      if (!fields.some((field) => field in current)) return current;
      const next = { ...current };
      for (const field of fields) delete next[field];
      return next;
    });
  }, []);

  const setFieldError = useCallback((field: Field, message: string) => {
    setErrors((current) => ({ ...current, [field]: message }));
  }, []);

  const show = useCallback(
    (found: FieldErrors<Field>, message: string | null) => {
      setErrors(found);
      setSummary(message);
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
    },
    [formRef],
  );

  return { errors, summary, clear, setFieldError, show };
}
