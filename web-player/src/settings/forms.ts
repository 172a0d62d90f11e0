import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';

/** Clears the fields without `reset()`, which would also end `isSubmitting` while the handler still runs. */
export function clearAll<T extends FieldValues>(form: UseFormReturn<T>) {
  for (const name of Object.keys(form.formState.defaultValues ?? {})) form.resetField(name as Path<T>);
}
