/**
 * How the OpenAPI document states the language rules: every operation takes `Accept-Language`
 * (a shared header parameter), every answer says its language in `Content-Language` (a shared
 * header), and the document's description sums it up.
 */
import { LANGUAGES } from './language.ts';

export const ACCEPT_LANGUAGE_PARAMETER = { $ref: '#/components/parameters/AcceptLanguage' };
export const CONTENT_LANGUAGE_HEADER = { $ref: '#/components/headers/ContentLanguage' };

export const LANGUAGE_DESCRIPTION =
  'Languages: `Accept-Language` chooses French (`fr`, the default) or English (`en`) for the envelope’s `message`, ' +
  '`error.message` and `error.details` (whose facts in parentheses, such as ids, statuses and dates, stay as data); ' +
  'any other language falls back to French, and `error.code` never changes. ' +
  'Every answer names its language in `Content-Language`. Accounts carry `langue` (fr or en): set at registration ' +
  '(the body’s `langue`, else the request’s language), changed with PUT /candidats/me, PUT /recruiters/me or ' +
  'PUT /admin/account/profile; every email to the account is written in it. An alert made without an account ' +
  'keeps the language of the request that made it.';

export const LANGUAGE_COMPONENTS = {
  parameters: {
    AcceptLanguage: {
      name: 'Accept-Language',
      in: 'header',
      required: false,
      schema: { type: 'string', examples: ['en', 'fr-CM,fr;q=0.9,en;q=0.5'] },
      description:
        'French (fr, the default) or English (en) for messages; the highest-weighted of the two wins, anything else is French.',
    },
  },
  headers: {
    ContentLanguage: {
      description: 'The language of the messages of this answer.',
      schema: { type: 'string', enum: [...LANGUAGES] },
    },
  },
};
