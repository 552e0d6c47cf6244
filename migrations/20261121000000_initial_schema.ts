/**
 * The whole data model in one first migration: accounts and roles, candidates,
 * recruiters and their companies, reference data, geography, offers, applications, saved jobs,
 * alerts, talent pools, blog, files, tokens, webhooks with the event outbox, the email outbox and
 * the audit log. Later changes go in new files; a merged migration is never edited.
 */
import type { Knex } from 'knex';

const RECRUITER_STATUSES = [
  'PENDING_EMAIL',
  'PENDING_DOCS',
  'PENDING_APPROVAL',
  'ACTIVE',
  'REJECTED',
  'SUSPENDED',
];
const APPLICATION_STATUSES = ['NEW', 'IN_PROGRESS', 'TO_MEET', 'MET', 'HIRED', 'REJECTED'];

function timestamps(t: Knex.CreateTableBuilder, knex: Knex): void {
  t.datetime('created_at', { precision: 3 }).notNullable().defaultTo(knex.raw('CURRENT_TIMESTAMP(3)'));
  t.datetime('updated_at', { precision: 3 }).notNullable().defaultTo(knex.raw('CURRENT_TIMESTAMP(3)'));
}

function createdAt(t: Knex.CreateTableBuilder, knex: Knex): void {
  t.datetime('created_at', { precision: 3 }).notNullable().defaultTo(knex.raw('CURRENT_TIMESTAMP(3)'));
}

async function geography(knex: Knex): Promise<void> {
  await knex.schema.createTable('regions', (t) => {
    t.bigIncrements('id');
    t.string('nom', 100).notNullable();
    t.string('code', 2).notNullable().unique();
    t.string('chef_lieu', 100).notNullable();
  });
  await knex.schema.createTable('villes', (t) => {
    t.bigIncrements('id');
    t.bigInteger('region_id').unsigned().notNullable().references('regions.id');
    t.string('nom', 120).notNullable();
    t.string('slug', 120).notNullable().unique();
    t.double('latitude').notNullable();
    t.double('longitude').notNullable();
    t.integer('population').notNullable().defaultTo(0);
    t.index(['region_id', 'nom']);
  });
  await knex.schema.createTable('quartiers', (t) => {
    t.bigIncrements('id');
    t.bigInteger('ville_id').unsigned().notNullable().references('villes.id');
    t.string('nom', 120).notNullable();
    t.string('slug', 120).notNullable();
    t.double('latitude').nullable();
    t.double('longitude').nullable();
    t.unique(['ville_id', 'slug']);
  });
}

async function reference(knex: Knex): Promise<void> {
  await knex.schema.createTable('secteurs_activite', (t) => {
    t.bigIncrements('id');
    t.string('nom', 150).notNullable().unique();
    t.text('description').nullable();
    t.boolean('actif').notNullable().defaultTo(true);
    timestamps(t, knex);
  });
  await knex.schema.createTable('experience_levels', (t) => {
    t.bigIncrements('id');
    t.string('nom', 150).notNullable().unique();
    t.integer('ordre').notNullable().defaultTo(0);
    timestamps(t, knex);
  });
}

async function filesAndAccounts(knex: Knex): Promise<void> {
  await knex.schema.createTable('accounts', (t) => {
    t.bigIncrements('id');
    t.string('email', 254).notNullable().unique();
    t.string('password_hash', 255).notNullable();
    t.enu('role', ['CANDIDAT', 'RECRUTEUR', 'ADMIN', 'SUPER_ADMIN']).notNullable();
    t.boolean('enabled').notNullable().defaultTo(true);
    t.datetime('email_verified_at', { precision: 3 }).nullable();
    t.datetime('last_login_at', { precision: 3 }).nullable();
    timestamps(t, knex);
    t.index(['role', 'created_at']);
  });
  await knex.schema.createTable('files', (t) => {
    t.bigIncrements('id');
    t.bigInteger('owner_account_id').unsigned().nullable().references('accounts.id').onDelete('SET NULL');
    t.enu('purpose', [
      'CV',
      'PHOTO',
      'LOGO',
      'BANNER',
      'DOCUMENT',
      'BLOG_COVER',
      'IMPORT',
      'OTHER',
    ]).notNullable();
    t.string('storage_key', 255).notNullable().unique();
    t.string('original_name', 255).nullable();
    t.string('content_type', 120).notNullable();
    t.bigInteger('size').unsigned().notNullable();
    t.json('variants').nullable();
    createdAt(t, knex);
    t.index(['owner_account_id', 'purpose']);
  });
  await knex.schema.createTable('auth_tokens', (t) => {
    t.bigIncrements('id');
    t.bigInteger('account_id').unsigned().notNullable().references('accounts.id').onDelete('CASCADE');
    t.string('jti', 64).notNullable().unique();
    t.enu('type', ['ACCESS', 'REFRESH']).notNullable();
    t.string('family_id', 64)
      .notNullable()
      .comment('one login session: every token issued by refreshes of one login');
    t.datetime('expires_at', { precision: 3 }).notNullable();
    t.datetime('revoked_at', { precision: 3 }).nullable();
    t.datetime('used_at', { precision: 3 }).nullable().comment('refresh tokens: when rotated');
    createdAt(t, knex);
    t.index(['account_id', 'revoked_at']);
    t.index(['family_id']);
    t.index(['expires_at']);
  });
  await knex.schema.createTable('one_time_tokens', (t) => {
    t.bigIncrements('id');
    t.enu('purpose', [
      'EMAIL_VALIDATION',
      'PASSWORD_RESET',
      'RECRUITER_INVITATION',
      'ALERT_CONFIRMATION',
    ]).notNullable();
    t.string('token_hash', 64)
      .notNullable()
      .unique()
      .comment('sha256 of the token: a leaked table gives no usable token');
    t.bigInteger('account_id').unsigned().nullable().references('accounts.id').onDelete('CASCADE');
    t.json('payload').nullable();
    t.datetime('expires_at', { precision: 3 }).notNullable();
    t.datetime('used_at', { precision: 3 }).nullable();
    createdAt(t, knex);
  });
}

async function people(knex: Knex): Promise<void> {
  await knex.schema.createTable('admins', (t) => {
    t.bigInteger('id').unsigned().primary().references('accounts.id').onDelete('CASCADE');
    t.string('nom', 100).notNullable();
    t.string('prenom', 100).notNullable();
    t.string('telephone', 30).nullable();
    t.string('niveau_acces', 50).notNullable().defaultTo('STANDARD');
    timestamps(t, knex);
  });
  await knex.schema.createTable('candidates', (t) => {
    t.bigInteger('id').unsigned().primary().references('accounts.id').onDelete('CASCADE');
    t.string('nom', 100).notNullable();
    t.string('prenom', 100).notNullable();
    t.string('telephone', 30).nullable();
    t.string('job_title', 150).nullable();
    t.bigInteger('experience_level_id')
      .unsigned()
      .nullable()
      .references('experience_levels.id')
      .onDelete('SET NULL');
    t.string('employment_status', 60).nullable();
    t.string('availability', 60).nullable();
    t.string('qualification_level', 60).nullable();
    t.string('salary_range', 60).nullable();
    t.bigInteger('ville_id').unsigned().nullable().references('villes.id');
    t.string('country', 80).nullable();
    t.json('competences').nullable();
    t.text('bio').nullable();
    t.boolean('profil_public').notNullable().defaultTo(false);
    t.bigInteger('cv_file_id').unsigned().nullable().references('files.id').onDelete('SET NULL');
    t.bigInteger('photo_file_id').unsigned().nullable().references('files.id').onDelete('SET NULL');
    timestamps(t, knex);
  });
}

async function companies(knex: Knex): Promise<void> {
  await knex.schema.createTable('entreprises', (t) => {
    t.bigIncrements('id');
    t.string('nom_entreprise', 200).notNullable();
    t.bigInteger('secteur_activite_id').unsigned().nullable().references('secteurs_activite.id');
    t.text('description').nullable();
    t.integer('annee_creation').nullable();
    t.string('nombre_collaborateurs', 50).nullable();
    t.text('presentation').nullable();
    t.text('culture_entreprise').nullable();
    t.text('recherche_entreprise').nullable();
    t.bigInteger('logo_file_id').unsigned().nullable().references('files.id').onDelete('SET NULL');
    t.bigInteger('banner_file_id').unsigned().nullable().references('files.id').onDelete('SET NULL');
    t.bigInteger('adresse_ville_id').unsigned().nullable().references('villes.id');
    t.string('adresse_quartier', 150).nullable();
    t.string('adresse_code_postal', 20).nullable();
    t.enu('plan', ['GRATUIT', 'ESSENTIEL', 'PRO', 'ENTREPRISE']).notNullable().defaultTo('GRATUIT');
    t.enu('status', ['ACTIVE', 'DISABLED']).notNullable().defaultTo('ACTIVE');
    timestamps(t, knex);
    t.index(['secteur_activite_id']);
    t.index(['nom_entreprise']);
  });
  await knex.schema.createTable('entreprise_websites', (t) => {
    t.bigIncrements('id');
    t.bigInteger('entreprise_id').unsigned().notNullable().references('entreprises.id').onDelete('CASCADE');
    t.string('nom', 150).notNullable();
    t.string('url', 500).notNullable();
  });
  await knex.schema.createTable('entreprise_social_networks', (t) => {
    t.bigIncrements('id');
    t.bigInteger('entreprise_id').unsigned().notNullable().references('entreprises.id').onDelete('CASCADE');
    t.string('plateforme', 60).notNullable();
    t.string('url', 500).notNullable();
  });
  await knex.schema.createTable('entreprise_pages', (t) => {
    t.bigIncrements('id');
    t.bigInteger('entreprise_id').unsigned().notNullable().references('entreprises.id').onDelete('CASCADE');
    t.enu('type_page', ['ACCUEIL', 'A_PROPOS', 'STAFF']).notNullable();
    t.text('contenu').nullable();
    t.text('donnees_json').nullable();
    t.integer('ordre').notNullable().defaultTo(0);
    t.boolean('publie').notNullable().defaultTo(false);
    timestamps(t, knex);
    t.unique(['entreprise_id', 'type_page']);
  });
  await knex.schema.createTable('recruiters', (t) => {
    t.bigInteger('id').unsigned().primary().references('accounts.id').onDelete('CASCADE');
    t.bigInteger('entreprise_id').unsigned().notNullable().references('entreprises.id');
    t.string('nom', 100).notNullable();
    t.string('prenom', 100).notNullable();
    t.string('telephone', 30).nullable();
    t.string('poste_occupe', 150).nullable();
    t.enu('status', RECRUITER_STATUSES).notNullable().defaultTo('PENDING_EMAIL');
    t.enu('company_role', ['OWNER', 'MEMBER']).notNullable().defaultTo('MEMBER');
    t.bigInteger('document_file_id').unsigned().nullable().references('files.id').onDelete('SET NULL');
    timestamps(t, knex);
    t.index(['entreprise_id', 'status']);
    t.index(['status', 'created_at']);
  });
  await knex.schema.createTable('recruiter_status_history', (t) => {
    t.bigIncrements('id');
    t.bigInteger('recruiter_id').unsigned().notNullable().references('recruiters.id').onDelete('CASCADE');
    t.string('old_status', 30).nullable();
    t.string('new_status', 30).notNullable();
    t.text('reason').nullable();
    t.string('changed_by_email', 254).nullable();
    t.string('changed_by_name', 200).nullable();
    t.datetime('changed_at', { precision: 3 }).notNullable().defaultTo(knex.raw('CURRENT_TIMESTAMP(3)'));
    t.index(['recruiter_id', 'changed_at']);
  });
}

async function offers(knex: Knex): Promise<void> {
  await knex.schema.createTable('offres', (t) => {
    t.bigIncrements('id');
    t.bigInteger('entreprise_id').unsigned().notNullable().references('entreprises.id');
    t.bigInteger('recruteur_id').unsigned().nullable().references('recruiters.id').onDelete('SET NULL');
    t.string('titre', 200).notNullable();
    t.string('departement', 150).nullable();
    t.string('localisation', 200).nullable();
    t.bigInteger('ville_id').unsigned().nullable().references('villes.id');
    t.enu('contract_type', ['CDI', 'CDD', 'FREELANCE', 'STAGE']).notNullable();
    t.text('description').nullable();
    t.string('experience', 150).nullable();
    t.json('competences').nullable();
    t.text('competences_text')
      .nullable()
      .comment('competences joined with spaces: FULLTEXT cannot index JSON');
    t.bigInteger('salaire_min').nullable();
    t.bigInteger('salaire_max').nullable();
    t.boolean('remote_possible').notNullable().defaultTo(false);
    t.date('deadline').nullable();
    t.enu('status', ['DRAFT', 'PUBLISHED', 'ARCHIVED']).notNullable().defaultTo('DRAFT');
    t.datetime('published_at', { precision: 3 }).nullable();
    t.datetime('archived_at', { precision: 3 }).nullable();
    for (const counter of [
      'total_candidatures',
      'nouveaux',
      'en_cours',
      'rencontres',
      'refuses',
      'embauches',
      'arencontrer',
    ]) {
      t.integer(counter).unsigned().notNullable().defaultTo(0);
    }
    timestamps(t, knex);
    t.index(['status', 'published_at']);
    t.index(['entreprise_id', 'status']);
    t.index(['ville_id', 'status']);
    t.index(['status', 'deadline']);
  });
  // Weighted search: one FULLTEXT index per weighted part, plus one over all three for the candidate filter.
  await knex.raw('ALTER TABLE offres ADD FULLTEXT INDEX ft_offres_titre (titre)');
  await knex.raw('ALTER TABLE offres ADD FULLTEXT INDEX ft_offres_competences (competences_text)');
  await knex.raw('ALTER TABLE offres ADD FULLTEXT INDEX ft_offres_description (description)');
  await knex.raw(
    'ALTER TABLE offres ADD FULLTEXT INDEX ft_offres_all (titre, competences_text, description)',
  );
}

async function applications(knex: Knex): Promise<void> {
  await knex.schema.createTable('candidatures', (t) => {
    t.bigIncrements('id');
    t.bigInteger('offre_id').unsigned().notNullable().references('offres.id').onDelete('CASCADE');
    t.bigInteger('candidat_id').unsigned().nullable().references('candidates.id').onDelete('SET NULL');
    t.enu('status', APPLICATION_STATUSES).notNullable().defaultTo('NEW');
    t.text('lettre_motivation').nullable();
    t.boolean('anonymized').notNullable().defaultTo(false);
    t.datetime('date_candidature', { precision: 3 })
      .notNullable()
      .defaultTo(knex.raw('CURRENT_TIMESTAMP(3)'));
    t.datetime('last_action_date', { precision: 3 })
      .notNullable()
      .defaultTo(knex.raw('CURRENT_TIMESTAMP(3)'));
    timestamps(t, knex);
    // One application per candidate and offer: the constraint, not a SELECT, decides a race.
    t.unique(['offre_id', 'candidat_id']);
    t.index(['candidat_id', 'date_candidature']);
    t.index(['offre_id', 'status']);
  });
  await knex.schema.createTable('candidature_notes', (t) => {
    t.bigIncrements('id');
    t.bigInteger('candidature_id').unsigned().notNullable().references('candidatures.id').onDelete('CASCADE');
    t.bigInteger('recruteur_id').unsigned().nullable().references('recruiters.id').onDelete('SET NULL');
    t.text('content').notNullable();
    createdAt(t, knex);
  });
  await knex.schema.createTable('candidature_status_history', (t) => {
    t.bigIncrements('id');
    t.bigInteger('candidature_id').unsigned().notNullable().references('candidatures.id').onDelete('CASCADE');
    t.string('old_status', 20).nullable();
    t.string('new_status', 20).notNullable();
    t.text('reason').nullable();
    t.bigInteger('changed_by_account_id')
      .unsigned()
      .nullable()
      .references('accounts.id')
      .onDelete('SET NULL');
    t.datetime('changed_at', { precision: 3 }).notNullable().defaultTo(knex.raw('CURRENT_TIMESTAMP(3)'));
  });
  await knex.schema.createTable('saved_jobs', (t) => {
    t.bigInteger('candidat_id').unsigned().notNullable().references('candidates.id').onDelete('CASCADE');
    t.bigInteger('offre_id').unsigned().notNullable().references('offres.id').onDelete('CASCADE');
    createdAt(t, knex);
    t.primary(['candidat_id', 'offre_id']);
  });
}

async function alerts(knex: Knex): Promise<void> {
  await knex.schema.createTable('job_alerts', (t) => {
    t.bigIncrements('id');
    t.bigInteger('candidat_id').unsigned().nullable().references('candidates.id').onDelete('CASCADE');
    t.string('email', 254).notNullable();
    t.string('keywords', 500).notNullable().defaultTo('');
    t.bigInteger('ville_id').unsigned().nullable().references('villes.id');
    t.bigInteger('region_id').unsigned().nullable().references('regions.id');
    t.enu('contract_type', ['CDI', 'CDD', 'FREELANCE', 'STAGE']).nullable();
    t.bigInteger('salaire_min').nullable();
    t.boolean('remote_possible').nullable();
    t.boolean('active').notNullable().defaultTo(true);
    t.datetime('confirmed_at', { precision: 3 }).nullable();
    t.string('unsubscribe_token', 64).notNullable().unique();
    t.datetime('last_matched_at', { precision: 3 }).nullable();
    timestamps(t, knex);
    t.index(['active', 'confirmed_at']);
    t.index(['candidat_id']);
  });
  await knex.schema.createTable('job_alert_matches', (t) => {
    t.bigInteger('alert_id').unsigned().notNullable().references('job_alerts.id').onDelete('CASCADE');
    t.bigInteger('offre_id').unsigned().notNullable().references('offres.id').onDelete('CASCADE');
    t.bigInteger('email_id').unsigned().nullable();
    createdAt(t, knex);
    // A re-run never sends the same offer to the same alert twice.
    t.primary(['alert_id', 'offre_id']);
  });
}

async function talentPools(knex: Knex): Promise<void> {
  await knex.schema.createTable('viviers', (t) => {
    t.bigIncrements('id');
    t.bigInteger('entreprise_id').unsigned().notNullable().references('entreprises.id').onDelete('CASCADE');
    t.string('nom', 150).notNullable();
    t.text('description').nullable();
    t.bigInteger('created_by').unsigned().nullable().references('accounts.id').onDelete('SET NULL');
    timestamps(t, knex);
    t.index(['entreprise_id']);
  });
  await knex.schema.createTable('vivier_imports', (t) => {
    t.bigIncrements('id');
    t.bigInteger('vivier_id').unsigned().notNullable().references('viviers.id').onDelete('CASCADE');
    t.bigInteger('file_id').unsigned().nullable().references('files.id').onDelete('SET NULL');
    t.enu('status', ['QUEUED', 'RUNNING', 'DONE', 'FAILED']).notNullable().defaultTo('QUEUED');
    t.integer('total_rows').unsigned().notNullable().defaultTo(0);
    t.integer('imported_rows').unsigned().notNullable().defaultTo(0);
    t.integer('duplicate_rows').unsigned().notNullable().defaultTo(0);
    t.integer('error_rows').unsigned().notNullable().defaultTo(0);
    t.json('errors').nullable();
    t.integer('last_committed_line')
      .unsigned()
      .notNullable()
      .defaultTo(0)
      .comment('resume point after a crash');
    t.text('failure_message').nullable();
    t.bigInteger('created_by').unsigned().nullable().references('accounts.id').onDelete('SET NULL');
    createdAt(t, knex);
    t.datetime('started_at', { precision: 3 }).nullable();
    t.datetime('finished_at', { precision: 3 }).nullable();
  });
  await knex.schema.createTable('vivier_candidats', (t) => {
    t.bigIncrements('id');
    t.bigInteger('vivier_id').unsigned().notNullable().references('viviers.id').onDelete('CASCADE');
    t.bigInteger('candidat_id').unsigned().nullable().references('candidates.id').onDelete('SET NULL');
    t.string('email', 254).notNullable();
    t.string('nom', 100).nullable();
    t.string('prenom', 100).nullable();
    t.string('telephone', 30).nullable();
    t.json('tags').nullable();
    t.text('notes').nullable();
    t.enu('source', ['MANUAL', 'IMPORT']).notNullable().defaultTo('MANUAL');
    t.bigInteger('import_id').unsigned().nullable().references('vivier_imports.id').onDelete('SET NULL');
    timestamps(t, knex);
    t.unique(['vivier_id', 'email']);
  });
}

async function blog(knex: Knex): Promise<void> {
  await knex.schema.createTable('blog_articles', (t) => {
    t.bigIncrements('id');
    t.string('titre', 250).notNullable();
    t.string('slug', 270).notNullable().unique();
    t.text('contenu', 'mediumtext').notNullable();
    t.string('extrait', 500).nullable();
    t.string('categorie', 100).notNullable();
    t.enu('status', ['DRAFT', 'PUBLISHED']).notNullable().defaultTo('DRAFT');
    t.datetime('published_at', { precision: 3 }).nullable();
    t.bigInteger('cover_file_id').unsigned().nullable().references('files.id').onDelete('SET NULL');
    t.bigInteger('author_account_id').unsigned().nullable().references('accounts.id').onDelete('SET NULL');
    timestamps(t, knex);
    t.index(['status', 'published_at']);
    t.index(['categorie', 'status']);
  });
  await knex.schema.createTable('blog_comments', (t) => {
    t.bigIncrements('id');
    t.bigInteger('article_id').unsigned().notNullable().references('blog_articles.id').onDelete('CASCADE');
    t.bigInteger('account_id').unsigned().nullable().references('accounts.id').onDelete('SET NULL');
    t.string('author_name', 200).nullable();
    t.text('content').notNullable();
    t.boolean('hidden').notNullable().defaultTo(false);
    t.integer('report_count').unsigned().notNullable().defaultTo(0);
    timestamps(t, knex);
    t.index(['article_id', 'hidden', 'created_at']);
  });
  await knex.schema.createTable('blog_comment_reports', (t) => {
    t.bigIncrements('id');
    t.bigInteger('comment_id').unsigned().notNullable().references('blog_comments.id').onDelete('CASCADE');
    t.bigInteger('account_id').unsigned().notNullable().references('accounts.id').onDelete('CASCADE');
    t.string('reason', 500).nullable();
    createdAt(t, knex);
    t.unique(['comment_id', 'account_id']);
  });
}

async function webhooksAndOutboxes(knex: Knex): Promise<void> {
  await knex.schema.createTable('webhook_subscriptions', (t) => {
    t.bigIncrements('id');
    t.bigInteger('owner_account_id').unsigned().notNullable().references('accounts.id').onDelete('CASCADE');
    t.enu('scope', ['recruiter', 'admin']).notNullable();
    t.bigInteger('entreprise_id').unsigned().nullable().references('entreprises.id').onDelete('CASCADE');
    t.string('url', 2000).notNullable();
    t.json('events').notNullable();
    t.string('secret', 100).notNullable();
    t.boolean('active').notNullable().defaultTo(true);
    t.string('description', 500).nullable();
    timestamps(t, knex);
    t.index(['scope', 'entreprise_id', 'active']);
  });
  await knex.schema.createTable('domain_events', (t) => {
    t.bigIncrements('id');
    t.string('public_id', 40).notNullable().unique().comment('the id receivers see, stable across attempts');
    t.string('type', 60).notNullable();
    t.enu('scope', ['recruiter', 'admin', 'candidate']).notNullable();
    t.bigInteger('entreprise_id').unsigned().nullable();
    t.json('data').notNullable();
    createdAt(t, knex);
    t.datetime('dispatched_at', { precision: 3 }).nullable();
    t.index(['dispatched_at', 'id']);
  });
  await knex.schema.createTable('webhook_deliveries', (t) => {
    t.bigIncrements('id');
    t.bigInteger('subscription_id')
      .unsigned()
      .notNullable()
      .references('webhook_subscriptions.id')
      .onDelete('CASCADE');
    t.bigInteger('event_id').unsigned().notNullable().references('domain_events.id').onDelete('CASCADE');
    t.enu('status', ['PENDING', 'SUCCEEDED', 'FAILED', 'DEAD']).notNullable().defaultTo('PENDING');
    t.integer('attempts').unsigned().notNullable().defaultTo(0);
    t.integer('last_status_code').nullable();
    t.text('last_error').nullable();
    t.datetime('next_attempt_at', { precision: 3 }).nullable();
    t.datetime('locked_until', { precision: 3 }).nullable();
    createdAt(t, knex);
    t.datetime('delivered_at', { precision: 3 }).nullable();
    t.unique(['subscription_id', 'event_id']);
    t.index(['status', 'next_attempt_at']);
  });
  await knex.schema.createTable('webhook_delivery_attempts', (t) => {
    t.bigIncrements('id');
    t.bigInteger('delivery_id')
      .unsigned()
      .notNullable()
      .references('webhook_deliveries.id')
      .onDelete('CASCADE');
    t.integer('attempt').unsigned().notNullable();
    t.integer('status_code').nullable();
    t.text('error').nullable();
    t.integer('duration_ms').unsigned().notNullable().defaultTo(0);
    createdAt(t, knex);
  });
  await knex.schema.createTable('outbound_emails', (t) => {
    t.bigIncrements('id');
    t.string('to_address', 254).notNullable();
    t.string('subject', 300).notNullable();
    t.text('text_body', 'mediumtext').notNullable();
    t.text('html_body', 'mediumtext').nullable();
    t.json('headers').nullable();
    t.string('template', 60).notNullable();
    t.enu('status', ['PENDING', 'SENT', 'FAILED']).notNullable().defaultTo('PENDING');
    t.integer('attempts').unsigned().notNullable().defaultTo(0);
    t.text('last_error').nullable();
    t.datetime('next_attempt_at', { precision: 3 }).notNullable().defaultTo(knex.raw('CURRENT_TIMESTAMP(3)'));
    t.datetime('locked_until', { precision: 3 }).nullable();
    t.string('message_id', 255).nullable();
    createdAt(t, knex);
    t.datetime('sent_at', { precision: 3 }).nullable();
    t.index(['status', 'next_attempt_at']);
  });
  await knex.schema.createTable('audit_logs', (t) => {
    t.bigIncrements('id');
    t.enu('actor_type', ['account', 'system']).notNullable();
    t.string('actor_id', 100).notNullable();
    t.string('actor_email', 254).nullable();
    t.string('action', 80).notNullable();
    t.string('target_type', 60).nullable();
    t.string('target_id', 60).nullable();
    t.string('ip', 60).nullable();
    t.json('details').nullable();
    createdAt(t, knex);
    t.index(['created_at']);
    t.index(['target_type', 'target_id']);
  });
}

export async function up(knex: Knex): Promise<void> {
  await geography(knex);
  await reference(knex);
  await filesAndAccounts(knex);
  await people(knex);
  await companies(knex);
  await offers(knex);
  await applications(knex);
  await alerts(knex);
  await talentPools(knex);
  await blog(knex);
  await webhooksAndOutboxes(knex);
}

const TABLES_IN_DROP_ORDER = [
  'audit_logs',
  'outbound_emails',
  'webhook_delivery_attempts',
  'webhook_deliveries',
  'domain_events',
  'webhook_subscriptions',
  'blog_comment_reports',
  'blog_comments',
  'blog_articles',
  'vivier_candidats',
  'vivier_imports',
  'viviers',
  'job_alert_matches',
  'job_alerts',
  'saved_jobs',
  'candidature_status_history',
  'candidature_notes',
  'candidatures',
  'offres',
  'recruiter_status_history',
  'recruiters',
  'entreprise_pages',
  'entreprise_social_networks',
  'entreprise_websites',
  'entreprises',
  'candidates',
  'admins',
  'one_time_tokens',
  'auth_tokens',
  'files',
  'accounts',
  'experience_levels',
  'secteurs_activite',
  'quartiers',
  'villes',
  'regions',
];

export async function down(knex: Knex): Promise<void> {
  for (const table of TABLES_IN_DROP_ORDER) await knex.schema.dropTableIfExists(table);
}
