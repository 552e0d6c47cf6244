/**
 * Runs our TypeScript ESM migrations through knex's API with a migration source of our own
 * (the knex CLI is fragile with TypeScript ESM configs).
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';
import type { Knex } from 'knex';

const MIGRATIONS_DIR = fileURLToPath(new URL('../migrations/', import.meta.url));

interface MigrationModule {
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}

class FolderMigrationSource implements Knex.MigrationSource<string> {
  async getMigrations(): Promise<string[]> {
    return readdirSync(MIGRATIONS_DIR)
      .filter((f) => /\.(ts|js)$/.test(f) && !f.endsWith('.d.ts'))
      .sort();
  }
  getMigrationName(file: string): string {
    // The same migration is known by one name whether it runs from .ts sources or built .js.
    return file.replace(/\.(ts|js)$/, '');
  }
  async getMigration(file: string): Promise<MigrationModule> {
    return (await import(pathToFileURL(path.join(MIGRATIONS_DIR, file)).href)) as MigrationModule;
  }
}

/** This version's migrations, by the names knex records in `knex_migrations`. */
export async function migrationNames(): Promise<string[]> {
  const source = new FolderMigrationSource();
  return (await source.getMigrations()).map((f) => source.getMigrationName(f));
}

const options = (): Knex.MigratorConfig => ({
  migrationSource: new FolderMigrationSource(),
  tableName: 'knex_migrations',
});

export async function migrateLatest(knex: Knex): Promise<string[]> {
  const [, done] = (await knex.migrate.latest(options())) as [number, string[]];
  return done;
}

export async function rollbackAll(knex: Knex): Promise<string[]> {
  const [, done] = (await knex.migrate.rollback(options(), true)) as [number, string[]];
  return done;
}
