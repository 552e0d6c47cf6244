/**
 * A new account's `langue` (the language of its emails): the one its registration body names,
 * else the language the request chose through Accept-Language (French by default).
 */
import type { Langue } from '../../models/account.ts';
import type { Language } from './language.ts';

export function withLangue<T extends { langue: Langue }>(
  body: Omit<T, 'langue'> & { langue?: Langue },
  requestLanguage: Language,
): T {
  return { ...body, langue: body.langue ?? requestLanguage } as T;
}
