import { expect } from 'chai';
import { createServer, type AddressInfo, type Server } from 'node:net';
import mysql from 'mysql2/promise';
import { wrapError } from 'db-errors';
import {
  dbErrorKind,
  isDatabaseUnreachable,
  isDeadlockError,
  isDuplicateKeyError,
  isLockConflictError,
  isRowReferencedError,
  isTableExistsError,
} from '../../lib/db-errors.ts';

/** A server error as mysql2 builds it from the server's error packet. */
function serverError(errno: number, code: string, message: string): Error {
  return Object.assign(new Error(message), { code, errno, sqlState: 'HY000', sqlMessage: message });
}

/** What a connection attempt through the real driver fails with (no database involved). */
async function connectionFailure(port: number): Promise<unknown> {
  try {
    const conn = await mysql.createConnection({
      host: '127.0.0.1',
      port,
      user: 'root',
      connectTimeout: 2000,
    });
    await conn.end();
  } catch (err) {
    return err;
  }
  throw new Error('the connection should have failed');
}

describe('lib/db-errors (unit): what a MySQL driver error means', () => {
  it('names the server errors the use cases turn into 409s or retries, by code or by number', () => {
    const cases: [Error, string][] = [
      [
        serverError(1062, 'ER_DUP_ENTRY', "Duplicate entry 'a@b.cm' for key 'accounts_email_unique'"),
        'duplicate-key',
      ],
      [serverError(1451, 'ER_ROW_IS_REFERENCED_2', 'Cannot delete or update a parent row'), 'row-referenced'],
      [serverError(1217, 'ER_ROW_IS_REFERENCED', 'Cannot delete or update a parent row'), 'row-referenced'],
      [serverError(1213, 'ER_LOCK_DEADLOCK', 'Deadlock found when trying to get lock'), 'deadlock'],
      [serverError(1205, 'ER_LOCK_WAIT_TIMEOUT', 'Lock wait timeout exceeded'), 'lock-wait-timeout'],
      [serverError(1050, 'ER_TABLE_EXISTS_ERROR', "Table 'agenda_jobs' already exists"), 'table-exists'],
      [serverError(1040, 'ER_CON_COUNT_ERROR', 'Too many connections'), 'unreachable'],
    ];
    for (const [err, kind] of cases) {
      expect(dbErrorKind(err), err.message).to.equal(kind);
      const { code, errno } = err as unknown as { code: string; errno: number };
      expect(dbErrorKind({ errno }), `errno ${errno} alone`).to.equal(kind);
      expect(dbErrorKind({ code }), `code ${code} alone`).to.equal(kind);
    }
  });

  it('answers the questions callers ask', () => {
    const dup = serverError(1062, 'ER_DUP_ENTRY', 'Duplicate entry');
    const deadlock = serverError(1213, 'ER_LOCK_DEADLOCK', 'Deadlock found');
    const lockWait = serverError(1205, 'ER_LOCK_WAIT_TIMEOUT', 'Lock wait timeout exceeded');
    expect(isDuplicateKeyError(dup)).to.equal(true);
    expect(isDuplicateKeyError(deadlock)).to.equal(false);
    expect(isDeadlockError(deadlock)).to.equal(true);
    // Only a deadlock rolls the whole transaction back; a lock wait timeout fails one statement.
    expect(isDeadlockError(lockWait)).to.equal(false);
    expect(isLockConflictError(deadlock)).to.equal(true);
    expect(isLockConflictError(lockWait)).to.equal(true);
    expect(isLockConflictError(dup)).to.equal(false);
    expect(isRowReferencedError(serverError(1451, 'ER_ROW_IS_REFERENCED_2', 'x'))).to.equal(true);
    expect(isTableExistsError(serverError(1050, 'ER_TABLE_EXISTS_ERROR', 'x'))).to.equal(true);
    expect(isDatabaseUnreachable(dup)).to.equal(false);
  });

  it('knows nothing of other errors and of non-errors', () => {
    for (const err of [
      new Error('boom'),
      serverError(1146, 'ER_NO_SUCH_TABLE', "Table 'x' doesn't exist"),
      { code: 42 },
      'ER_DUP_ENTRY',
      null,
      undefined,
    ])
      expect(dbErrorKind(err)).to.equal(null);
  });

  it('a refused connection, through the real driver, is "unreachable"', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const err = await connectionFailure(port);
    expect((err as { code?: string }).code).to.equal('ECONNREFUSED');
    expect(isDatabaseUnreachable(err)).to.equal(true);
  });

  it('a connection the server drops, through the real driver, is "unreachable"', async () => {
    const server: Server = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const err = await connectionFailure((server.address() as AddressInfo).port);
      expect(isDatabaseUnreachable(err), String(err)).to.equal(true);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it("reads the driver's error inside the wrappers that model queries throw (Objection's db-errors)", () => {
    // Integrity errors carry SQLSTATE 23000, which is what db-errors classifies them by.
    const integrity = (errno: number, code: string, message: string) =>
      Object.assign(serverError(errno, code, message), { sqlState: '23000' });
    const duplicate = wrapError(
      integrity(1062, 'ER_DUP_ENTRY', "Duplicate entry 'a@b.cm' for key 'accounts_email_unique'"),
    );
    expect(duplicate.constructor.name).to.equal('UniqueViolationError');
    expect(isDuplicateKeyError(duplicate)).to.equal(true);
    const referenced = wrapError(
      integrity(
        1451,
        'ER_ROW_IS_REFERENCED_2',
        'Cannot delete or update a parent row: a foreign key constraint fails (`db`.`entreprises`, CONSTRAINT `entreprises_secteur_activite_id_foreign` FOREIGN KEY (`secteur_activite_id`) REFERENCES `secteurs_activite` (`id`))',
      ),
    );
    expect(referenced.constructor.name).to.equal('ForeignKeyViolationError');
    expect(isRowReferencedError(referenced)).to.equal(true);
    // Whatever db-errors does not classify keeps its driver fields, wrapped or not.
    expect(isDeadlockError(wrapError(serverError(1213, 'ER_LOCK_DEADLOCK', 'Deadlock found')))).to.equal(
      true,
    );
  });

  it('knex giving up on its pool, and a connection found dead mid-transaction, are "unreachable"', () => {
    const poolTimeout = Object.assign(new Error('Knex: Timeout acquiring a connection.'), {
      name: 'KnexTimeoutError',
    });
    expect(isDatabaseUnreachable(poolTimeout)).to.equal(true);
    expect(
      isDatabaseUnreachable(new Error("Can't add new command when connection is in closed state")),
    ).to.equal(true);
    expect(isDatabaseUnreachable({ code: 'PROTOCOL_CONNECTION_LOST' })).to.equal(true);
  });
});
