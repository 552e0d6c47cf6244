/**
 * Authentication shapes: the access/refresh pair every login and refresh answers (its static type
 * is the domain's TokenPair) and the language of an account's emails, shared by the profiles.
 */
import Type from 'typebox';
import { StringEnum } from './common.ts';
import { LANGUES } from '../../models/account.ts';

/** The language of an account's emails. */
export const Langue = StringEnum([...LANGUES], {
  description: 'language of the emails sent to this account: fr (default) or en',
});

export const TokenPair = Type.Object({
  accessToken: Type.String(),
  refreshToken: Type.String(),
  tokenType: StringEnum(['Bearer']),
  expiresIn: Type.Integer({ description: 'access token lifetime in seconds (900)' }),
});
