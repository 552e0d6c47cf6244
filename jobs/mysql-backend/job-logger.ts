/** Agenda's JobLogger on the logs table. */
import type { Knex } from 'knex';
import type { JobLogEntry, JobLogEvent, JobLogger, JobLogQuery, JobLogQueryResult, LogLevel } from 'agenda';
import { DEFAULT_LOGS_TABLE, ensureAgendaLogsTable } from '../mysql-backend-schema.ts';
import { isPlainObject, parseJson, readColumn, toDate, toNumber, toOptionalString } from './column-values.ts';
import { affectedRows } from './query-results.ts';
import type { QueryBuilder, Row } from './types.ts';

/** Stores Agenda's job lifecycle events (enabled with `new Agenda({ logging: true })`). */
export class MysqlJobLogger implements JobLogger {
  private readonly knex: Knex;
  private readonly tableName: string;
  private readonly ensureSchema: boolean;
  private ready: Promise<void> | undefined;

  constructor(options: { knex: Knex; tableName?: string; ensureSchema?: boolean }) {
    this.knex = options.knex;
    this.tableName = options.tableName ?? DEFAULT_LOGS_TABLE;
    this.ensureSchema = options.ensureSchema ?? false;
  }

  /** The table is only created on first use, and only with ensureSchema (migrations create it otherwise). */
  private initialize(): Promise<void> {
    if (!this.ensureSchema) {
      return Promise.resolve();
    }
    this.ready ??= ensureAgendaLogsTable(this.knex, this.tableName).catch((error: unknown) => {
      this.ready = undefined;
      throw error;
    });
    return this.ready;
  }

  async log(entry: Omit<JobLogEntry, '_id'>): Promise<void> {
    await this.initialize();
    await this.knex(this.tableName).insert({
      timestamp: new Date(entry.timestamp),
      level: entry.level,
      event: entry.event,
      job_id: entry.jobId ?? null,
      job_name: entry.jobName,
      message: entry.message,
      duration: entry.duration ?? null,
      error: entry.error ?? null,
      fail_count: entry.failCount ?? null,
      retry_delay: entry.retryDelay ?? null,
      retry_attempt: entry.retryAttempt ?? null,
      agenda_name: entry.agendaName ?? null,
      meta: entry.meta ? JSON.stringify(entry.meta) : null,
    });
  }

  async getLogs(query?: JobLogQuery): Promise<JobLogQueryResult> {
    await this.initialize();
    const filter = (qb: QueryBuilder) => applyLogFilter(qb, query);
    const direction = query?.sort === 'asc' ? 'asc' : 'desc';
    const [rows, counted]: [Row[], Row[]] = await Promise.all([
      this.knex(this.tableName)
        .select('*')
        .where(filter)
        .orderBy('timestamp', direction)
        .orderBy('id', direction)
        .limit(query?.limit ?? 50)
        .offset(query?.offset ?? 0),
      this.knex(this.tableName).count({ total: '*' }).where(filter),
    ]);
    return { entries: rows.map(rowToLogEntry), total: Number(readColumn(counted[0] ?? {}, 'total') ?? 0) };
  }

  async clearLogs(query?: JobLogQuery): Promise<number> {
    await this.initialize();
    return affectedRows(
      await this.knex(this.tableName)
        .where((qb) => applyLogFilter(qb, query))
        .delete(),
    );
  }
}

function applyLogFilter(qb: QueryBuilder, query: JobLogQuery | undefined): void {
  if (!query) {
    return;
  }
  if (query.jobId) {
    qb.where('job_id', query.jobId);
  }
  if (query.jobName) {
    qb.where('job_name', query.jobName);
  }
  if (query.level) {
    qb.whereIn('level', Array.isArray(query.level) ? query.level : [query.level]);
  }
  if (query.event) {
    qb.whereIn('event', Array.isArray(query.event) ? query.event : [query.event]);
  }
  if (query.from) {
    qb.where('timestamp', '>=', new Date(query.from));
  }
  if (query.to) {
    qb.where('timestamp', '<=', new Date(query.to));
  }
}

function rowToLogEntry(row: Row): JobLogEntry {
  const meta = parseJson(readColumn(row, 'meta'));
  return {
    _id: String(readColumn(row, 'id')),
    timestamp: toDate(readColumn(row, 'timestamp')) ?? new Date(0),
    level: String(readColumn(row, 'level')) as LogLevel,
    event: String(readColumn(row, 'event')) as JobLogEvent,
    jobId: toOptionalString(readColumn(row, 'job_id')),
    jobName: String(readColumn(row, 'job_name')),
    message: String(readColumn(row, 'message')),
    duration: toNumber(readColumn(row, 'duration')),
    error: toOptionalString(readColumn(row, 'error')),
    failCount: toNumber(readColumn(row, 'fail_count')),
    retryDelay: toNumber(readColumn(row, 'retry_delay')),
    retryAttempt: toNumber(readColumn(row, 'retry_attempt')),
    agendaName: toOptionalString(readColumn(row, 'agenda_name')),
    meta: isPlainObject(meta) ? meta : undefined,
  };
}
