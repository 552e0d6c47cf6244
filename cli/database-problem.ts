/**
 * The one line a command prints when MariaDB cannot be reached, refuses the login, or holds no (or
 * an older) schema, instead of the driver's message and stack: what to do, and where.
 */
import { dbErrorKind } from '../lib/db-errors.ts';
import { SchemaBehindError } from '../lib/schema-behind-error.ts';

const ACCESS_CODES = new Set([
  'ER_ACCESS_DENIED_ERROR',
  'ER_DBACCESS_DENIED_ERROR',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
]);

function code(err: unknown): string | undefined {
  const e = err as { code?: unknown; nativeError?: { code?: unknown } } | null;
  const c = e?.nativeError?.code ?? e?.code;
  return typeof c === 'string' ? c : undefined;
}

export interface DatabaseProblem {
  code: 'DATABASE_UNREACHABLE' | 'DATABASE_NOT_MIGRATED';
  message: string;
}

/** What is wrong with a database that cannot be used as it is, or null for any other error. */
export function databaseProblem(err: unknown, databaseUrl: string | null): DatabaseProblem | null {
  const where = `DATABASE_URL (${safeUrl(databaseUrl)})`;
  if (err instanceof SchemaBehindError) {
    const what =
      err.pending.length === err.total
        ? 'has no tables yet'
        : `lacks ${err.pending.length} of this version's ${err.total} migrations`;
    return {
      code: 'DATABASE_NOT_MIGRATED',
      message: `The database at ${where} ${what}: run \`recrutement db migrate\``,
    };
  }
  const c = code(err);
  // A command other than serve and worker (which check first) meeting a table it needs missing.
  if (c === 'ER_NO_SUCH_TABLE')
    return {
      code: 'DATABASE_NOT_MIGRATED',
      message: `The database at ${where} lacks tables this version needs: run \`recrutement db migrate\``,
    };
  if (c === 'ER_BAD_DB_ERROR')
    return {
      code: 'DATABASE_UNREACHABLE',
      message: `Database not found at ${where}: create it with \`recrutement db migrate\``,
    };
  if (dbErrorKind(err) !== 'unreachable' && !(c && ACCESS_CODES.has(c))) return null;
  return {
    code: 'DATABASE_UNREACHABLE',
    message: `Cannot reach the database at ${where}: check DATABASE_URL and that MariaDB/MySQL is running`,
  };
}

/** The URL without its password. */
function safeUrl(databaseUrl: string | null): string {
  if (!databaseUrl) return 'unset';
  try {
    const u = new URL(databaseUrl);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'not a URL';
  }
}
