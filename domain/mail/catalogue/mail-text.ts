/** The email catalogue of a language; anything but English is French (the default). */
import type { Langue } from '../../../models/account.ts';
import { en } from './en.ts';
import { fr, type MailCatalogue } from './fr.ts';

export type { MailCatalogue };

export const MAIL_CATALOGUES: Record<Langue, MailCatalogue> = { fr, en };

export function mailText(langue: Langue | string | null | undefined): MailCatalogue {
  return langue === 'en' ? en : fr;
}
