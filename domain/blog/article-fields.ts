/** Trimmed, non-blank text fields of an article written by an administrator. */
import { ValidationError } from '../errors.ts';

export function requiredText(value: string, field: string): string {
  const clean = value.trim();
  if (!clean) throw new ValidationError(`Invalid ${field}`, `body.${field}: must not be blank`);
  return clean;
}

export function optionalText(value: string | null | undefined): string | null {
  return value?.trim() || null;
}
