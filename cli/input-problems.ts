/**
 * What the CLI says of input a domain rule refused (InputError): each field named as the operator
 * typed it (`email`, not the API's `body.email`) and worded as the API words it in English
 * (`email: Invalid format; expected: email address`), then the rule's own explanation if any.
 */
import { fieldDetails, fieldErrors, type FieldError } from '../api/i18n/field-messages.ts';
import type { InputError } from '../domain/errors.ts';

/** `body.adresseSiege.villeId` → `adresseSiege.villeId`: the CLI has no body, query or path. */
const cliField = (field: string) => field.replace(/^(body|query|params)\./, '');

export function inputFields(err: InputError): FieldError[] {
  return fieldErrors(err.problems, 'en').map((f) => ({ ...f, field: cliField(f.field) }));
}

export function inputDetails(err: InputError): string {
  const said = fieldDetails(inputFields(err));
  return err.explanation ? `${said} (${err.explanation('en')})` : said;
}
