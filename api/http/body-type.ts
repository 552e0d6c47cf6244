/**
 * Bodies the routes cannot read, said in the caller's language: one sent as another type than the
 * route reads (a form to a JSON route, JSON to a form) is 415 UNSUPPORTED_MEDIA_TYPE naming the
 * Content-Type to send; JSON that does not parse is 400 VALIDATION_ERROR with the parser's words
 * (where it stopped) in details.
 */
import { UnsupportedMediaTypeError, ValidationError, worded } from '../../domain/errors.ts';

export type BodyType = 'application/json' | 'application/x-www-form-urlencoded';

const AS: Record<BodyType, { fr: string; en: string }> = {
  'application/json': { fr: 'en JSON', en: 'as JSON' },
  'application/x-www-form-urlencoded': { fr: 'comme un formulaire', en: 'as a form' },
};

export function notTheBodyType(expected: BodyType): UnsupportedMediaTypeError {
  return worded(
    new UnsupportedMediaTypeError(`Expected a body of type ${expected}`, `Content-Type must be ${expected}`),
    (lang) =>
      lang === 'fr'
        ? `Le corps de la requête doit être envoyé ${AS[expected].fr} (Content-Type: ${expected})`
        : `The request body must be sent ${AS[expected].en} (Content-Type: ${expected})`,
  );
}

/** `parserMessage`: JSON.parse's (or the prototype guard's) sentence, about the caller's own text. */
export function malformedJson(parserMessage: string): ValidationError {
  return worded(new ValidationError('Malformed JSON body', parserMessage), (lang) =>
    lang === 'fr' ? 'Le corps de la requête n’est pas un JSON valide' : 'The request body is not valid JSON',
  );
}
