/**
 * `recrutement db seed [--demo]`: reference data, geography, the SUPER_ADMIN from ADMIN_EMAIL /
 * ADMIN_PASSWORD when both are set; `--demo` adds a believable data set. Safe to run twice.
 */
import type { Knex } from 'knex';
import type { Config } from '../lib/config.ts';
import { seedReferenceData } from './reference-data.ts';
import { seedGeography } from './geography.ts';
import { seedSearchSynonyms } from './seed-search-synonyms.ts';
import { seedScamRules } from './scam-rules.ts';
import { seedSuperAdmin } from './super-admin.ts';
import { seedDemoData } from './demo.ts';

export interface SeedReport {
  steps: string[];
}

export async function runSeeds(
  knex: Knex,
  config: Config,
  options: { demo?: boolean } = {},
): Promise<SeedReport> {
  const steps: string[] = [];
  await seedReferenceData(knex);
  steps.push('reference data');
  await seedGeography(knex);
  steps.push('geography');
  await seedSearchSynonyms(knex);
  steps.push('search synonyms');
  await seedScamRules(knex);
  steps.push('scam rules');
  if (config.adminEmail && config.adminPassword) {
    await seedSuperAdmin(knex, config.adminEmail, config.adminPassword);
    steps.push(`super admin ${config.adminEmail}`);
  }
  if (options.demo) {
    steps.push(...(await seedDemoData(knex)));
  }
  return { steps };
}
