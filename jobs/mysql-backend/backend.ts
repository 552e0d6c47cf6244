/** The AgendaBackend: the job repository and the job event logger over one knex instance. */
import type { AgendaBackend } from 'agenda';
import { MysqlJobLogger } from './job-logger.ts';
import { MysqlJobRepository } from './job-repository.ts';
import type { MysqlBackendOptions } from './types.ts';

/**
 * Agenda backend on MySQL/MariaDB. Polling only (no notification channel).
 *
 * @example
 * const agenda = new Agenda({ backend: new MysqlBackend({ knex }), processEvery: '5 seconds' });
 */
export class MysqlBackend implements AgendaBackend {
  readonly name = 'MySQL';
  readonly repository: MysqlJobRepository;
  readonly logger: MysqlJobLogger;
  readonly notificationChannel = undefined;
  /** The knex instance belongs to the application: agenda.stop() must not destroy it. */
  readonly ownsConnection = false;

  constructor(options: MysqlBackendOptions) {
    this.repository = new MysqlJobRepository(options);
    this.logger = new MysqlJobLogger({
      knex: options.knex,
      tableName: options.logTableName,
      ensureSchema: options.ensureSchema,
    });
  }

  connect(): Promise<void> {
    return this.repository.connect();
  }

  async disconnect(): Promise<void> {
    // nothing to close: the knex pool is the application's
  }
}
