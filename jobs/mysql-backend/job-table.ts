/** The jobs table, queried from the pool, a transaction or a pinned connection. */
import type { Knex } from 'knex';
import type { JobParameters } from 'agenda';
import { readColumn } from './column-values.ts';
import { processorColumns, rowToJob, userColumns } from './job-rows.ts';
import { PinnedConnection } from './named-lock.ts';
import { insertedId } from './query-results.ts';
import type { QueryBuilder, Row, RowFilter } from './types.ts';

/** Where a query runs: the pool (default), a transaction, or a pinned connection. */
export type QueryScope = Knex.Transaction | PinnedConnection | undefined;

export class JobTable {
  constructor(
    readonly knex: Knex,
    readonly name: string,
  ) {}

  query(scope?: QueryScope): QueryBuilder {
    if (scope instanceof PinnedConnection) {
      return this.knex(this.name).connection(scope.connection);
    }
    return (scope ?? this.knex)(this.name);
  }

  async selectById(id: string, scope?: QueryScope): Promise<Row | undefined> {
    const rows: Row[] = await this.query(scope).select('*').where('id', id);
    return rows[0];
  }

  async count(filter: RowFilter): Promise<number> {
    const rows: Row[] = await this.query().count({ total: '*' }).where(filter);
    return Number(readColumn(rows[0] ?? {}, 'total') ?? 0);
  }

  async insert<DATA>(
    job: JobParameters<DATA>,
    lastModifiedBy: string | null,
    scope?: QueryScope,
  ): Promise<JobParameters<DATA>> {
    const columns = { ...userColumns(job, lastModifiedBy), ...processorColumns(job) };
    const id = insertedId(await this.query(scope).insert(columns));
    // what we wrote is what a read would return: skip the round trip
    return rowToJob<DATA>({ ...columns, id });
  }
}
