/**
 * The one table of header names the talent-pool import recognises, and the fields they fill. A
 * header is compared without accents, case, spaces or punctuation ("E-mail", "Adresse e-mail",
 * "EMAIL ADDRESS" and "email" are one key), in French, in English, and as Cameroonian recruiters
 * write them ("Noms et Prénoms", "Contact" for the phone, "Domaine", "Observations").
 * A header that is not here is proposed as ignored: the preview shows it, and the recruiter maps it.
 */
import { foldAccents } from '../shared/index.ts';

/** What a file column can fill: the pool member's fields, and a full name split into both names. */
export const IMPORT_FIELDS = ['email', 'nom', 'prenom', 'nomComplet', 'telephone', 'tags', 'notes'] as const;

export type ImportField = (typeof IMPORT_FIELDS)[number];

/** Fields several columns may fill: phones become one cell of numbers, tags one list, notes one text. */
export const MULTI_COLUMN_FIELDS: readonly ImportField[] = ['telephone', 'tags', 'notes'];

const ALIASES: Record<ImportField, string[]> = {
  email: [
    'email',
    'e-mail',
    'mail',
    'courriel',
    'email address',
    'e-mail address',
    'mail address',
    'adresse email',
    'adresse e-mail',
    'adresse mail',
    'adresse courriel',
    'adresse electronique',
  ],
  nom: ['nom', 'name', 'last name', 'lastname', 'surname', 'family name', 'nom de famille', 'noms'],
  prenom: ['prenom', 'prenoms', 'first name', 'firstname', 'given name', 'forename'],
  nomComplet: [
    'noms et prenoms',
    'nom et prenom',
    'nom et prenoms',
    'noms et prenom',
    'nom prenom',
    'noms prenoms',
    'nom complet',
    'prenom et nom',
    'prenoms et noms',
    'prenom nom',
    'full name',
    'name and surname',
  ],
  telephone: [
    'telephone',
    'tel',
    'phone',
    'phone number',
    'mobile',
    'mobile phone',
    'mobile number',
    'cell phone',
    'portable',
    'numero',
    'numero de telephone',
    'n de telephone',
    'no de telephone',
    'n telephone',
    'telephone mobile',
    'contact',
    'contacts',
    'gsm',
    'whatsapp',
  ],
  tags: [
    'tags',
    'tag',
    'etiquettes',
    'mots cles',
    'keywords',
    'competences',
    'skills',
    'domaine',
    'domaines',
    'domaine de competence',
    'domaines de competence',
    'specialite',
    'specialites',
    'metier',
    'profession',
  ],
  notes: [
    'notes',
    'note',
    'commentaire',
    'commentaires',
    'comment',
    'comments',
    'observation',
    'observations',
    'remarque',
    'remarques',
    'remarks',
  ],
};

/** A header as compared: accents, case, spaces and punctuation removed, `&` read as "et". */
export function headerKey(header: string): string {
  return foldAccents(header)
    .toLowerCase()
    .replace(/&/g, 'et')
    .replace(/[^a-z0-9]/g, '');
}

const FIELD_OF_KEY = new Map<string, ImportField>(
  IMPORT_FIELDS.flatMap((field) => ALIASES[field].map((alias) => [headerKey(alias), field] as const)),
);

/** The field a header names, or null when the import does not know it. */
export function fieldOfHeader(header: string): ImportField | null {
  return FIELD_OF_KEY.get(headerKey(header)) ?? null;
}

/** Whether a full-name header puts the first names first ("Prénom Nom", "Full Name"). */
export function firstNamesFirst(header: string): boolean {
  const key = headerKey(header);
  return key.startsWith('prenom') || key.startsWith('full') || key.startsWith('name');
}

export function isImportField(value: string): value is ImportField {
  return (IMPORT_FIELDS as readonly string[]).includes(value);
}
