/** The first name to greet an account with in emails, whichever profile table holds it. */
import type { Knex } from 'knex';

export async function displayNameOf(
  db: Knex,
  accountId: number,
): Promise<{ nom: string; prenom: string } | null> {
  for (const table of ['candidates', 'recruiters', 'admins']) {
    const row = (await db(table).where({ id: accountId }).first('nom', 'prenom')) as
      { nom: string; prenom: string } | undefined;
    if (row) return row;
  }
  return null;
}
