/**
 * Until now a pool member was linked to the candidate account with the same email as soon as a
 * recruiter added or imported that email, which let the recruiter read the candidate's private CV
 * and photo without the candidate ever being asked. A link now exists only by the candidate's
 * consent, so every link made before consent existed is undone. Data only; nothing to restore.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex('vivier_candidats').whereNotNull('candidat_id').update({ candidat_id: null });
}

export async function down(): Promise<void> {
  // The removed links were never consented to: they are not restored.
}
