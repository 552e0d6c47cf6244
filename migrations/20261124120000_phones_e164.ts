/**
 * Phone numbers in E.164: every number of candidates, recruiters, administrators and talent-pool
 * members written in an older form ("699 99 99 99", "00237...", "(+237) 699-99-99-99") is
 * rewritten as +237699999999. A number that cannot be read as a phone number is left as it is and
 * listed by `recrutement db check-phones`; nothing is dropped. There is nothing to undo: the
 * E.164 form is a valid writing of the same number.
 */
import type { Knex } from 'knex';
import { normalisePhones } from '../domain/privacy/phone-normalisation.ts';

export async function up(knex: Knex): Promise<void> {
  await normalisePhones(knex);
}

export async function down(): Promise<void> {}
