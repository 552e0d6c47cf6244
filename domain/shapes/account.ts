/** Shapes shared by every kind of account. */
import { StringEnum } from './common.ts';
import { LANGUES } from '../../models/account.ts';

/** The language of an account's emails. */
export const Langue = StringEnum([...LANGUES], {
  description: 'language of the emails sent to this account: fr (default) or en',
});
