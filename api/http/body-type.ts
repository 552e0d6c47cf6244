/**
 * Bodies the routes cannot read, said in the caller's language: one sent as another type than the
 * route reads (a form to a JSON route, JSON to a form) is 415 UNSUPPORTED_MEDIA_TYPE naming the
 * Content-Type to send (400 when it names no type at all); JSON that does not parse is 400
 * VALIDATION_ERROR with the parser's words (where it stopped) in details.
 */
import type Koa from 'koa';
import { bilingual, DomainError, UnsupportedMediaTypeError, ValidationError } from '../../domain/errors.ts';

export type BodyType = 'application/json' | 'application/x-www-form-urlencoded';

const AS: Record<BodyType, { fr: string; en: string }> = {
  'application/json': { fr: 'en JSON', en: 'as JSON' },
  'application/x-www-form-urlencoded': { fr: 'comme un formulaire', en: 'as a form' },
};

/**
 * A body whose type is not `expected`: 415 when it names another type, 400 VALIDATION_ERROR when
 * it names none (a body without Content-Type is malformed, as it always was here).
 */
function notTheBodyType(expected: BodyType, typed: boolean): DomainError {
  // The sentence names the Content-Type to send: no details beside it.
  const sentence = bilingual(
    `Le corps de la requête doit être envoyé ${AS[expected].fr} (Content-Type: ${expected})`,
    `The request body must be sent ${AS[expected].en} (Content-Type: ${expected})`,
  );
  return typed ? new UnsupportedMediaTypeError(sentence) : new ValidationError(sentence);
}

/**
 * Refuses a request that sends a body the route will not read: of another type than `expected`,
 * or of no type (then not even parsed, it would read as an empty body).
 */
export function checkBodyType(koa: Koa.Context, expected: BodyType): void {
  const sent = Boolean(koa.request.length) || Boolean(koa.get('Transfer-Encoding'));
  if (sent && !koa.is(expected)) throw notTheBodyType(expected, Boolean(koa.get('Content-Type')));
}

/** `parserMessage`: JSON.parse's (or the prototype guard's) sentence, about the caller's own text. */
export function malformedJson(parserMessage: string): ValidationError {
  return new ValidationError(
    bilingual('Le corps de la requête n’est pas un JSON valide', 'The request body is not valid JSON'),
    parserMessage,
  );
}
