/**
 * Every failure leaves as the envelope with the contract's status and code. Unknown errors are
 * logged with their stack and answered 500 INTERNAL_ERROR without any detail; a lost database
 * connection answers 503 so clients retry.
 */
import type Koa from 'koa';
import { DomainError } from '../../domain/errors.ts';
import { fail } from '../http/envelope.ts';
import { codeOfStatus, statusOf } from '../http/error-status.ts';
import type { Logger } from '../../lib/logger.ts';

const DB_DOWN_CODES = new Set([
  'ECONNREFUSED',
  'PROTOCOL_CONNECTION_LOST',
  'ETIMEDOUT',
  'ECONNRESET',
  'ER_CON_COUNT_ERROR',
  'EPIPE',
  'PROTOCOL_SEQUENCE_TIMEOUT',
]);

function isDatabaseDown(err: unknown): boolean {
  const e = err as { code?: string; name?: string; message?: string };
  return (
    (typeof e.code === 'string' && DB_DOWN_CODES.has(e.code)) ||
    e.name === 'KnexTimeoutError' ||
    // A query or ROLLBACK on a connection that died mid-transaction: mysql2 gives no code.
    /Connection lost|connect ECONNREFUSED|Pool is closed|connection is in closed state/i.test(e.message ?? '')
  );
}

function expose(err: unknown): { status: number; code: string; message: string; details: string } | null {
  if (err instanceof DomainError)
    return { status: statusOf(err), code: err.code, message: err.message, details: err.details };
  const e = err as { status?: number; statusCode?: number; expose?: boolean; message?: string };
  const status = e.status ?? e.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    // Library errors (koa-body parse errors, size limits): their message is safe to show.
    const message =
      status === 413
        ? 'Request body too large'
        : status === 400
          ? 'Malformed request body'
          : (e.message ?? 'Bad request');
    return { status, code: codeOfStatus(status), message, details: e.expose ? (e.message ?? '') : '' };
  }
  if (isDatabaseDown(err)) {
    return {
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
      message: 'Service temporarily unavailable, retry later',
      details: '',
    };
  }
  return null;
}

export function errorHandler(): Koa.Middleware {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined) {
        ctx.status = 404;
        ctx.body = fail({
          code: 'NOT_FOUND',
          message: `No route for ${ctx.method} ${ctx.path}`,
          details: '',
        });
      }
    } catch (err) {
      const known = expose(err);
      const log = ctx.state.log as Logger;
      if (known) {
        if (known.status >= 500) log.error({ err }, 'dependency failure');
        ctx.status = known.status;
        if (known.status === 503) ctx.set('Retry-After', '5');
        ctx.body = fail({ code: known.code, message: known.message, details: known.details });
      } else {
        log.error({ err }, 'unhandled error');
        ctx.status = 500;
        ctx.body = fail({ code: 'INTERNAL_ERROR', message: 'Internal server error', details: '' });
      }
    }
  };
}
