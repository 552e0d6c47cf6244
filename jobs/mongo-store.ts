/**
 * MongoDB alternative to MysqlBackend, built on the official
 * `@agendajs/mongo-backend` with the `mongodb` driver.
 *
 * Not used by default (the application keeps its jobs in MySQL/MariaDB, see
 * mysql-backend.ts); it exists for deployments that already run MongoDB. No
 * MongoDB server is available in development or CI, so this is only
 * type-checked, never exercised by the test suite.
 *
 * The backend is created from a connection string, so it owns its MongoClient:
 * `agenda.stop()` closes the connection. Indexes are created on connect.
 *
 * @example
 * const agenda = new Agenda({ backend: createMongoBackend('mongodb://localhost/recrutement') });
 */
import { MongoBackend } from '@agendajs/mongo-backend';
import type { MongoBackendConfig } from '@agendajs/mongo-backend';

export function createMongoBackend(url: string): MongoBackend {
  const config: MongoBackendConfig = {
    address: url,
    collection: 'agendaJobs',
    ensureIndex: true,
  };
  return new MongoBackend(config);
}
