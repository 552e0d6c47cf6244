/**
 * Shared plumbing for the MysqlBackend tests: a throw-away database per test
 * process, knex factories (with and without Objection's snake-case mappers)
 * and polling helpers.
 */
import knexFactory from 'knex';
import type { Knex } from 'knex';
import { knexSnakeCaseMappers } from 'objection';
import { up } from '../../migrations/20261121000200_agenda_jobs.js';

/** One database per test process, so parallel runs never share state. */
export const TEST_DATABASE = process.env.AGENDA_TEST_DB ?? `recrutement_test_agenda_${process.pid}`;

function connection(database?: string): Knex.MySql2ConnectionConfig {
	return {
		host: process.env.MYSQL_HOST ?? '127.0.0.1',
		port: Number(process.env.MYSQL_PORT ?? 3306),
		user: process.env.MYSQL_USER ?? 'root',
		password: process.env.MYSQL_PASSWORD ?? '',
		// the application's setting, required by MysqlBackend
		timezone: 'Z',
		...(database ? { database } : {})
	};
}

export interface TestKnexOptions {
	/** Install Objection's knexSnakeCaseMappers(), as an Objection app would. */
	snakeCase?: boolean;
	poolMax?: number;
	/** Override the mysql2 timezone (to test the UTC check). */
	timezone?: string;
}

export function createTestKnex(options: TestKnexOptions = {}): Knex {
	return knexFactory({
		client: 'mysql2',
		connection: { ...connection(TEST_DATABASE), ...(options.timezone ? { timezone: options.timezone } : {}) },
		pool: { min: 0, max: options.poolMax ?? 5 },
		...(options.snakeCase ? knexSnakeCaseMappers() : {})
	});
}

/** Drop and recreate the test database, then apply the agenda_jobs migration. */
export async function createTestDatabase(): Promise<void> {
	const server = knexFactory({ client: 'mysql2', connection: connection(), pool: { min: 0, max: 1 } });
	try {
		await server.raw('DROP DATABASE IF EXISTS ??', [TEST_DATABASE]);
		await server.raw('CREATE DATABASE ?? CHARACTER SET utf8mb4', [TEST_DATABASE]);
	} finally {
		await server.destroy();
	}
	const knex = createTestKnex();
	try {
		await up(knex);
	} finally {
		await knex.destroy();
	}
}

export async function dropTestDatabase(): Promise<void> {
	const server = knexFactory({ client: 'mysql2', connection: connection(), pool: { min: 0, max: 1 } });
	try {
		await server.raw('DROP DATABASE IF EXISTS ??', [TEST_DATABASE]);
	} finally {
		await server.destroy();
	}
}

export function delay(ms: number): Promise<void> {
	return new Promise(resolve => setTimeout(resolve, ms));
}

/** Poll until `check` returns a truthy value (which is returned), or fail after `timeoutMs`. */
export async function waitFor<T>(check: () => T | Promise<T>, message: string, timeoutMs = 5000): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const value = await check();
		if (value) {
			return value;
		}
		if (Date.now() > deadline) {
			throw new Error(`timed out after ${timeoutMs} ms waiting for ${message}`);
		}
		await delay(25);
	}
}
