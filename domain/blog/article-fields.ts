/** Trimmed, non-blank text fields of an article written by an administrator. */
import { InputError } from '../errors.ts';

export function requiredText(value: string, field: string): string {
  const clean = value.trim();
  if (!clean)
    throw new InputError(`Invalid ${field}`, `body.${field}: must not be blank`, {
      field: `body.${field}`,
      code: 'blank',
    });
  return clean;
}

export function optionalText(value: string | null | undefined): string | null {
  return value?.trim() || null;
}
