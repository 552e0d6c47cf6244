/**
 * Emails are unique across every account and compared as typed by a
 * person: trimmed and lower-cased before any lookup or insert.
 */
import { inputError } from '../errors.ts';

export function normalizeEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

// Deliberately simple: one @, no spaces, a dot in the domain. The real check is the email we send.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The normalized address, or a 400 naming `field` when it does not look like an email. */
export function requireEmail(raw: string, field = 'body.email'): string {
  const email = normalizeEmail(raw);
  if (email.length > 254 || !EMAIL_SHAPE.test(email))
    throw inputError('Invalid email address', field, 'format', { format: 'email' });
  return email;
}
