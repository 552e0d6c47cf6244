/**
 * Phone numbers are kept in E.164 form (`+237699999999`) in storage and answers, parsed with libphonenumber-js
 * (full metadata). Without a `+` or `00` prefix a number is Cameroonian: 9 digits starting with 2
 * (fixed) or 6 (mobile), written with any spaces, dots, dashes or brackets ("699 99 99 99",
 * "(+237) 699-99-99-99", "00237699999999"); other countries need their `+` code. Anything else is
 * refused, naming the field.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { inputError } from '../errors.ts';

const CAMEROON = /^\+237[26]\d{8}$/;

/** The E.164 form, or null when the text is not a valid phone number. */
export function toE164(raw: string): string | null {
  const text = raw.trim().replace(/^\(?\s*00/, '+');
  if (!/\d/.test(text)) return null;
  const parsed = parsePhoneNumberFromString(text, 'CM');
  if (!parsed || !parsed.isValid()) return null;
  if (parsed.countryCallingCode === '237' && !CAMEROON.test(parsed.number)) return null;
  return parsed.number;
}

/** The E.164 form of an optional phone field (blank: null), or a 400 naming `field`. */
export function phoneField(raw: string | null | undefined, field: string): string | null {
  if (raw === null || raw === undefined || raw.trim() === '') return null;
  const e164 = toE164(raw);
  if (!e164) throw inputError('Invalid phone number', field, 'format', { format: 'phone' });
  return e164;
}
