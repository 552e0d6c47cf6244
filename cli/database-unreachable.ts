/**
 * The one line a command prints when MariaDB cannot be reached or refuses the login, instead of
 * the driver's message and stack: what to check, and where.
 */
import { dbErrorKind } from '../lib/db-errors.ts';

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

/** The message for a database that cannot be used at all, or null for any other error. */
export function databaseUnreachableMessage(err: unknown, databaseUrl: string | null): string | null {
  const c = code(err);
  if (c === 'ER_BAD_DB_ERROR')
    return `Database not found at DATABASE_URL (${safeUrl(databaseUrl)}): create it with \`recrutement db migrate\``;
  if (dbErrorKind(err) !== 'unreachable' && !(c && ACCESS_CODES.has(c))) return null;
  return `Cannot reach the database at DATABASE_URL (${safeUrl(databaseUrl)}): check DATABASE_URL and that MariaDB/MySQL is running`;
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
