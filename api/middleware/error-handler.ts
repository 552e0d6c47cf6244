/**
 * Every failure leaves as the envelope with the status and code of its error class. Unknown errors are
 * logged with their stack and answered 500 INTERNAL_ERROR without any detail; a lost database
 * connection answers 503 so clients retry.
 */
import type Koa from 'koa';
import { bilingual, InputError, DomainError, type Wording } from '../../domain/errors.ts';
import { fail } from '../http/envelope.ts';
import { codeOfStatus, statusOf } from '../http/error-status.ts';
import type { Logger } from '../../lib/logger.ts';
import { QueueFullError } from '../../lib/bounded-queue.ts';
import { isDatabaseUnreachable } from '../../lib/db-errors.ts';
import { StorageUnavailableError } from '../../lib/storage.ts';
import { languageOf, type Language } from '../i18n/language.ts';
import { ERROR_MESSAGES, errorMessage } from '../i18n/error-messages.ts';
import { RequestValidationError } from '../http/field-errors.ts';
import { fieldDetails, fieldErrors, type FieldError } from '../i18n/field-messages.ts';

/** What the envelope says of a failure: `wording`, when there is one, is its own sentence in each language. */
interface Exposed {
  status: number;
  code: string;
  message: string;
  details: string;
  wording?: Wording;
}

function expose(err: unknown): Exposed | null {
  if (err instanceof DomainError)
    return {
      status: statusOf(err),
      code: err.code,
      message: err.message,
      details: err.details,
      ...(err.wording ? { wording: err.wording } : {}),
    };
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
  if (err instanceof QueueFullError) {
    // Password hashing or image processing is saturated (lib/passwords.ts, domain/files/image-jobs.ts):
    // the client retries in a moment.
    return {
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
      message: 'Too busy, retry in a few seconds',
      details: '',
      wording: bilingual(
        'Serveur très occupé : réessayez dans quelques secondes',
        'Too busy, retry in a few seconds',
      ),
    };
  }
  if (err instanceof StorageUnavailableError) {
    return {
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
      message: err.message,
      details: err.what,
      wording: bilingual(
        'Stockage des fichiers momentanément indisponible',
        'File storage temporarily unavailable',
      ),
    };
  }
  if (isDatabaseUnreachable(err)) {
    return {
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
      message: 'Service temporarily unavailable, retry later',
      details: '',
      wording: bilingual(
        'Service momentanément indisponible : réessayez plus tard',
        'Service temporarily unavailable, retry later',
      ),
    };
  }
  return null;
}

/** What this failure said beyond its code: the domain's message (when the catalogue replaced it) and its details. */
function specificDetails(known: { code: string; message: string; details: string }): string {
  if (!ERROR_MESSAGES[known.code] || !known.message) return known.details;
  return known.details ? `${known.message}: ${known.details}` : known.message;
}

/** A worded sentence followed by the failure's facts (ids, statuses, limits), which need no translation. */
function withFacts(sentence: string, facts: string): string {
  return facts ? `${sentence} (${facts})` : sentence;
}

/**
 * `error.fields` of a VALIDATION_ERROR (empty when no field can be named, e.g. malformed JSON),
 * with `details` then made of the same messages, in the answer's language.
 */
function fieldsOf(err: unknown, code: string, lang: Language): FieldError[] | null {
  if (code !== 'VALIDATION_ERROR') return null;
  if (err instanceof RequestValidationError || err instanceof InputError)
    return fieldErrors(err.problems, lang);
  return [];
}

/**
 * What the routers leave without a body, worded as the envelope: no route for the path (404), a
 * path served under other methods (405, with koa-router's `Allow` header), a method no route
 * implements (501).
 */
function wordBodilessRouting(ctx: Koa.Context, suggestRoute: RouteSuggester): void {
  const code = ROUTING_CODES[ctx.status];
  if (!code) return;
  const status = ctx.status;
  const allow = ctx.response.get('Allow');
  const meant = allow || status !== 404 ? null : suggestRoute(ctx.method, ctx.path);
  ctx.body = fail({
    code,
    message: errorMessage(code, languageOf(ctx), code),
    details: routingDetails(`${ctx.method} ${ctx.path}`, allow, meant, languageOf(ctx)),
  });
  // Setting a body on a bodiless answer makes Koa pick 200: the router's status stays.
  ctx.status = status;
}

/** Which methods a path serves, or that no route serves it (and the documented one probably meant). */
function routingDetails(request: string, allow: string, meant: string | null, lang: Language): string {
  if (lang === 'fr')
    return allow
      ? `${request} : méthodes permises ${allow}`
      : `Aucune route pour ${request}${meant ? ` ; vouliez-vous dire ${meant} ?` : ''}`;
  return allow
    ? `${request}: allowed ${allow}`
    : `No route for ${request}${meant ? `; did you mean ${meant}?` : ''}`;
}

const ROUTING_CODES: Record<number, string> = {
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  501: 'NOT_IMPLEMENTED',
};

/** A domain refusal's own explanation (an address, a syntax) after its fields' words, in their language. */
function explained(details: string, err: unknown, lang: Language): string {
  return err instanceof InputError && err.explanation ? `${details} (${err.explanation(lang)})` : details;
}

/** The documented route a request for an unknown path probably meant ("GET /v1/api/offres/{offreId}"), or null. */
export type RouteSuggester = (method: string, path: string) => string | null;

export function errorHandler(suggestRoute: RouteSuggester = () => null): Koa.Middleware {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.body === undefined) wordBodilessRouting(ctx, suggestRoute);
    } catch (err) {
      const known = expose(err);
      const log = ctx.state.log as Logger;
      if (known) {
        if (known.status >= 500) log.error({ err }, 'dependency failure');
        ctx.status = known.status;
        if (known.status === 503) ctx.set('Retry-After', '5');
        // The message is the code's, in the answer's language; what this failure said goes to details.
        const fields = fieldsOf(err, known.code, languageOf(ctx));
        // Refusals word their own sentence in each language (why a transition is refused, an upload's limit).
        const own = known.wording?.(languageOf(ctx)) ?? null;
        ctx.body = fail({
          code: known.code,
          message: own ?? errorMessage(known.code, languageOf(ctx), known.message),
          details: fields?.length
            ? explained(fieldDetails(fields), err, languageOf(ctx))
            : own !== null
              ? withFacts(own, known.details) // never the English sentence beside the worded one
              : specificDetails(known),
          ...(fields ? { fields } : {}),
        });
      } else {
        log.error({ err }, 'unhandled error');
        ctx.status = 500;
        ctx.body = fail({
          code: 'INTERNAL_ERROR',
          message: errorMessage('INTERNAL_ERROR', languageOf(ctx), 'Internal server error'),
          details: '',
        });
      }
    }
  };
}
