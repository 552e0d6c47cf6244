/**
 * The 413 of an upload over its route's file limit (`upload.maxBytes`): its message states the limit
 * in the answer's language ("Fichier trop volumineux : 20 Mo au plus"), so the person knows what
 * to send instead. The code stays PAYLOAD_TOO_LARGE, as for every body over its limit.
 */
import { PayloadTooLargeError } from '../../domain/errors.ts';
import type { Language } from '../i18n/language.ts';

/** "20 MB" for 20 MiB; "Mo" in French, one decimal when it is not a whole number. */
export function megabytes(bytes: number, lang: Language): string {
  const mb = bytes / (1024 * 1024);
  const n = Number.isInteger(mb) ? String(mb) : mb.toFixed(1);
  return lang === 'fr' ? `${n.replace('.', ',')} Mo` : `${n} MB`;
}

export function uploadLimitMessage(bytes: number, lang: Language): string {
  return lang === 'fr'
    ? `Fichier trop volumineux : ${megabytes(bytes, 'fr')} au plus (${bytes} octets)`
    : `File too large: at most ${megabytes(bytes, 'en')} (${bytes} bytes)`;
}

export class UploadTooLargeError extends PayloadTooLargeError {
  constructor(readonly maxBytes: number) {
    super((lang) => uploadLimitMessage(maxBytes, lang));
  }
}
