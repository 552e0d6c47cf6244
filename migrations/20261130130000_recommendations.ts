/**
 * Recommendations: a candidate's matching preferences (hard filters, remote wish, visibility to
 * recruiters, invitations, weekly digest), the offers a candidate dismissed ("not interested",
 * with a reason), and the invitations to apply a company sent from its suggested candidates.
 * The index on candidates.updated_at lets each process's recommendation index read the profiles
 * changed since its last look instead of scanning the table.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('recommendation_preferences', (t) => {
    t.bigInteger('candidat_id').unsigned().primary().references('candidates.id').onDelete('CASCADE');
    t.json('contract_types').nullable();
    t.integer('salaire_min').unsigned().nullable();
    t.integer('rayon_km').unsigned().nullable();
    t.enu('teletravail', ['INDIFFERENT', 'SOUHAITE', 'EXCLUSIF']).notNullable().defaultTo('INDIFFERENT');
    t.boolean('visible_recruteurs').notNullable().defaultTo(true);
    t.boolean('invitations_acceptees').notNullable().defaultTo(true);
    t.boolean('digest_hebdo').notNullable().defaultTo(false);
    t.datetime('updated_at', { precision: 3 }).notNullable();
    t.index(['updated_at']);
  });
  await knex.schema.createTable('recommendation_dismissals', (t) => {
    t.bigInteger('candidat_id').unsigned().notNullable().references('candidates.id').onDelete('CASCADE');
    t.bigInteger('offre_id').unsigned().notNullable().references('offres.id').onDelete('CASCADE');
    t.enu('reason', [
      'METIER',
      'COMPETENCES',
      'LIEU',
      'SALAIRE',
      'CONTRAT',
      'ENTREPRISE',
      'AUTRE',
    ]).notNullable();
    t.string('comment', 500).nullable();
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.primary(['candidat_id', 'offre_id']);
    t.index(['offre_id']);
  });
  await knex.schema.createTable('recommendation_invitations', (t) => {
    t.bigIncrements('id');
    t.bigInteger('entreprise_id').unsigned().notNullable().references('entreprises.id').onDelete('CASCADE');
    t.bigInteger('offre_id').unsigned().notNullable().references('offres.id').onDelete('CASCADE');
    t.bigInteger('candidat_id').unsigned().notNullable().references('candidates.id').onDelete('CASCADE');
    t.bigInteger('recruteur_id').unsigned().nullable().references('recruiters.id').onDelete('SET NULL');
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.unique(['offre_id', 'candidat_id']);
    t.index(['candidat_id']);
  });
  await knex.schema.alterTable('candidates', (t) => {
    t.index(['updated_at'], 'candidates_updated_at_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('candidates', (t) => {
    t.dropIndex(['updated_at'], 'candidates_updated_at_index');
  });
  await knex.schema.dropTableIfExists('recommendation_invitations');
  await knex.schema.dropTableIfExists('recommendation_dismissals');
  await knex.schema.dropTableIfExists('recommendation_preferences');
}
