/**
 * A body sent as another type than the route reads (a form to a JSON route, JSON to a form): 415
 * UNSUPPORTED_MEDIA_TYPE, saying in the caller's language which Content-Type to send.
 */
import { UnsupportedMediaTypeError, worded } from '../../domain/errors.ts';

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
