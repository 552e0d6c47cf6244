/** The response envelope of every answer but the bare ones: {success, message, data, error, timestamp}. */
import type { FieldError } from '../i18n/field-messages.ts';

export interface ErrorDetails {
  code: string;
  message: string;
  details: string;
  /** On every VALIDATION_ERROR: one entry per field at fault (empty when none can be named). */
  fields?: FieldError[];
}

export interface Envelope<T> {
  success: boolean;
  message: string;
  data: T | null;
  error: ErrorDetails | null;
  timestamp: string;
}

export function ok<T>(data: T, message = 'OK', now = new Date()): Envelope<T> {
  return { success: true, message, data, error: null, timestamp: now.toISOString() };
}

export function fail(error: ErrorDetails, now = new Date()): Envelope<null> {
  return { success: false, message: error.message, data: null, error, timestamp: now.toISOString() };
}
