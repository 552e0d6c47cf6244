/**
 * Turns RouteDefs into koa-router handlers. For each request: rate limit, body parsing (JSON up to
 * the route's byte limit, or multipart for uploads), role check, schema validation, the domain
 * context with the actor, the handler, then the envelope. Multipart temp files are always deleted
 * afterwards; a file an upload received as it arrived (streamed-upload.ts) is deleted when the
 * request fails.
 */
import { unlink } from 'node:fs/promises';
import type Koa from 'koa';
import type Router from '@koa/router';
import { HttpMethodEnum, koaBody } from 'koa-body';
import { cachesOf, type AppDeps } from '../deps.ts';
import { createContext, type Actor, type Ctx } from '../../domain/context.ts';
import { bilingual, ForbiddenError, PayloadTooLargeError, UnauthorizedError } from '../../domain/errors.ts';
import { checkBodyType, malformedJson } from './body-type.ts';
import { ok } from './envelope.ts';
import { compileValidator, type Validator } from './validation.ts';
import { bodyLimitOf, bodyLimitSentence } from './body-limit.ts';
import { UploadTooLargeError } from './upload-limit.ts';
import { malformedMultipart, parseStreamedUpload } from './streamed-upload.ts';
import { Raw, Reply, type ReceivedUpload, type RouteDef, type UploadedFile } from './route.ts';
import { oauthAccessOf, tokenAccountOf } from '../middleware/authenticate.ts';
import { clientIpOf } from '../middleware/client-ip.ts';
import { representationOf } from '../middleware/representation.ts';
import { applyRepresentation } from './representation-transform.ts';
import { languageOf } from '../i18n/language.ts';
import { successMessage } from '../i18n/success-messages.ts';
import { sendStableAnswer, stableAnswer, type StableAnswer } from './cacheable-answer.ts';
import type { KeptAnswer } from './kept-answers.ts';
import { cacheControlOf, isSharedAnswer, varyOnCaller } from './cache-policy.ts';
import {
  parseFields,
  projectAnswer,
  queryWithFields,
  selectableSchema,
  type Selection,
} from './sparse-fields.ts';

export function koaPath(openApiPath: string): string {
  return openApiPath.replace(/\{(\w+)\}/g, ':$1');
}

function bodyParser(route: RouteDef, deps: AppDeps): Koa.Middleware {
  const receive = route.upload?.receive;
  if (route.upload && receive) {
    const maxBytes = route.upload.maxBytes;
    return async (koa, next) => {
      // Without a multipart body there is no file: the handler says what is missing.
      if (!koa.is('multipart/form-data')) return next();
      const ctx = contextOf(koa, deps, actorOf(koa, route));
      const { fields, received } = await parseStreamedUpload(koa, maxBytes, (file, info) =>
        receive({ ctx, file, ...info }),
      );
      (koa.request as unknown as { body?: unknown }).body = fields;
      koa.state.receivedUpload = received;
      await next();
    };
  }
  if (route.upload) {
    const maxBytes = route.upload.maxBytes;
    return koaBody({
      multipart: true,
      json: false,
      urlencoded: false,
      text: false,
      formidable: { maxFileSize: route.upload.maxBytes, maxFiles: 1, allowEmptyFiles: true, minFileSize: 0 },
      onError: (err: Error & { httpCode?: number }) => {
        if (err.httpCode === 413 || /maxFileSize|exceeded/i.test(err.message)) {
          throw new UploadTooLargeError(maxBytes);
        }
        throw malformedMultipart(null);
      },
    }) as unknown as Koa.Middleware;
  }
  // DELETE is parsed too: DELETE /candidates/profile/account carries {password, reason}.
  // The route's limit applies to every text body, before it is parsed (api/http/body-limit.ts).
  const limit = bodyLimitOf(route);
  return koaBody({
    jsonLimit: limit,
    formLimit: limit,
    textLimit: limit,
    jsonStrict: false,
    parsedMethods: [HttpMethodEnum.POST, HttpMethodEnum.PUT, HttpMethodEnum.PATCH, HttpMethodEnum.DELETE],
    onError: (err) => {
      if ((err as { status?: number }).status === 413)
        throw new PayloadTooLargeError((lang) => bodyLimitSentence(limit, lang));
      if (err instanceof SyntaxError) throw malformedJson(err.message);
      throw err;
    },
  }) as unknown as Koa.Middleware;
}

function actorOf(koa: Koa.Context, route: RouteDef): Actor {
  const account = tokenAccountOf(koa);
  const ip = clientIpOf(koa);
  if (!account) return { type: 'anonymous', ip };
  const oauth = oauthAccessOf(koa);
  // A public route that accepts no scope answers an app's token as it answers anyone.
  if (oauth && !route.scopes?.length && typeof route.access === 'string') return { type: 'anonymous', ip };
  const actor: Actor = { type: 'account', id: account.id, role: account.role, email: account.email, ip };
  // The app acts as the account; the use cases that keep things of its own (webhooks) need to know it.
  return oauth ? { ...actor, app: { id: oauth.appId, clientId: oauth.clientId } } : actor;
}

/**
 * An OAuth token reaches a route only when the route declares one of the token's scopes (RFC 6750
 * section 3.1: 403 insufficient_scope, naming the scopes that would do). Public routes that take
 * no scope answer it as an anonymous call (actorOf).
 */
function checkScopes(route: RouteDef, koa: Koa.Context): void {
  const access = oauthAccessOf(koa);
  if (!access) return;
  const accepted = route.scopes ?? [];
  if (!accepted.length && (route.access === 'public' || route.access === 'optional')) return;
  if (accepted.some((s) => access.scopes.includes(s))) return;
  const wanted = accepted.join(' ');
  koa.set(
    'WWW-Authenticate',
    wanted
      ? `Bearer error="insufficient_scope", scope="${wanted}"`
      : 'Bearer error="insufficient_scope", error_description="This operation is not open to OAuth apps"',
  );
  throw wanted
    ? new ForbiddenError(
        bilingual(
          'Le jeton ne porte aucun des scopes que cette opération accepte',
          'The token does not carry a scope this operation accepts',
        ),
        'INSUFFICIENT_SCOPE',
        `accepted scopes: ${wanted}`,
      )
    : new ForbiddenError(
        bilingual(
          'Cette opération n’est pas ouverte aux applications OAuth',
          'This operation is not open to OAuth apps',
        ),
        'INSUFFICIENT_SCOPE',
      );
}

function checkAccess(route: RouteDef, actor: Actor, koa: Koa.Context): void {
  checkScopes(route, koa);
  if (route.access === 'public' || route.access === 'optional') return;
  if (actor.type !== 'account')
    throw new UnauthorizedError(
      bilingual('Un jeton d’accès valide est requis', 'A valid access token is required'),
    );
  if (!route.access.includes(actor.role))
    throw new ForbiddenError(
      bilingual('Votre rôle ne permet pas cette opération', 'Your role does not allow this operation'),
    );
}

interface RawFile {
  filepath: string;
  originalFilename?: string | null;
  mimetype?: string | null;
  size: number;
}

function uploadedFile(koa: Koa.Context): { file: UploadedFile | null; all: RawFile[] } {
  const files = (koa.request as unknown as { files?: Record<string, RawFile | RawFile[]> }).files ?? {};
  const all = Object.values(files).flat();
  const f = files.file;
  const one = Array.isArray(f) ? f[0] : f;
  return {
    file: one
      ? {
          path: one.filepath,
          originalName: one.originalFilename ?? null,
          declaredType: one.mimetype ?? null,
          size: one.size,
        }
      : null,
    all,
  };
}

export interface Validators {
  params?: Validator;
  query?: Validator;
  body?: Validator;
  fields?: Validator;
  /** Reads `fields=` out of the validated query (sparse fieldsets). */
  selection?: (query: Record<string, unknown>) => Selection | null;
}

function selectionReader(route: RouteDef): Validators['selection'] {
  if (!route.sparseFields || !route.response) return undefined;
  const schema = selectableSchema(route.response);
  return (query) => {
    const selection = parseFields(query.fields, schema);
    delete query.fields;
    return selection;
  };
}

/** A route's validators, made once per process (compileValidator says why). */
const validatorsOfRoute = new WeakMap<RouteDef, Validators>();

export function routeValidators(route: RouteDef): Validators {
  let validators = validatorsOfRoute.get(route);
  if (!validators) {
    validators = newValidators(route);
    validatorsOfRoute.set(route, validators);
  }
  return validators;
}

function newValidators(route: RouteDef): Validators {
  const query = queryWithFields(route);
  return {
    selection: selectionReader(route),
    params: route.params ? compileValidator(route.params, 'params') : undefined,
    query: query ? compileValidator(query, 'query') : undefined,
    body: route.body ? compileValidator(route.body, 'body') : undefined,
    fields: route.upload?.fields ? compileValidator(route.upload.fields, 'fields') : undefined,
  };
}

function setDeprecation(koa: Koa.Context, route: RouteDef): void {
  if (!route.deprecated) return;
  koa.set('Deprecation', 'true');
  koa.set('Sunset', route.deprecated.sunset);
  koa.set('Link', `<${route.deprecated.successor}>; rel="successor-version"`);
}

/** The request's context: the process's dependencies, with the request's logger (it carries the request id). */
function contextOf(koa: Koa.Context, deps: AppDeps, actor: Actor): Ctx {
  return createContext({ ...deps, logger: koa.state.log }, actor);
}

/**
 * Who may call the route, decided before its body is read: an anonymous or wrong-role upload is
 * refused before a byte of its multipart body is parsed, and an upload route's own ownership
 * check (`upload.authorize`, e.g. the pool belongs to the caller's company) runs first too.
 */
function accessGuard(route: RouteDef, deps: AppDeps): Koa.Middleware {
  const params = route.params ? compileValidator(route.params, 'params') : null;
  return async (koa, next) => {
    const actor = actorOf(koa, route);
    setDeprecation(koa, route);
    checkAccess(route, actor, koa);
    if (route.upload?.authorize) {
      await route.upload.authorize({
        ctx: contextOf(koa, deps, actor),
        params: params ? (params(koa.params) as Record<string, unknown>) : koa.params,
      });
    }
    await next();
  };
}

/** Where a route's kept answer is (or will be) filed: its key and the version it must match. */
interface KeptSlot {
  key: string;
  version: string;
}

/** Only an answer that is the same for every caller is kept (an offer's owner sees more). */
async function keptSlotOf(
  koa: Koa.Context,
  route: RouteDef,
  actor: Actor,
  deps: AppDeps,
): Promise<KeptSlot | null> {
  if (!route.keptAnswer || !isSharedAnswer(route, actor)) return null;
  const version = await route.keptAnswer.version(deps);
  return {
    key: `${koa.path}?${koa.querystring}#${languageOf(koa)}#${representationOf(koa)}`,
    version,
  };
}

function sendKept(koa: Koa.Context, route: RouteDef, kept: KeptAnswer, deps: AppDeps): void {
  koa.status = 200;
  varyOnCaller(koa, route);
  const timestamp = kept.enveloped ? deps.clock.now().toISOString() : undefined;
  sendStableAnswer(koa, kept.answer, kept.cacheControl, timestamp);
}

/**
 * For a route with a kept answer: sends it when it is fresh ('sent'), or when it just expired
 * while another request makes it again; waits for the request making it when there is none;
 * otherwise says where this request files the answer it makes, and `done` (when this request is
 * the one making it) to call once it is made or failed.
 */
async function sendKeptOrMake(
  koa: Koa.Context,
  route: RouteDef,
  actor: Actor,
  deps: AppDeps,
): Promise<'sent' | { slot: KeptSlot; done?: () => void } | null> {
  const slot = await keptSlotOf(koa, route, actor, deps);
  if (!slot) return null;
  const answers = cachesOf(deps).answers;
  let found = answers.find(slot.key, slot.version);
  const making = answers.beingMade(slot.key);
  // Nothing to send meanwhile: wait for the request making it, if one is.
  if (!found && making) {
    await making;
    found = answers.find(slot.key, slot.version);
  }
  // Fresh, or expired while another request makes it again.
  if (found && (found.fresh || answers.beingMade(slot.key))) {
    sendKept(koa, route, found.kept, deps);
    return 'sent';
  }
  return { slot, done: answers.beingMade(slot.key) ? undefined : answers.startMaking(slot.key) };
}

/**
 * Writes a success. GET answers with a caching policy are serialized here once, with their ETag
 * and Cache-Control (a Cache-Control the handler chose itself wins), and become a 304 when the
 * client already holds them; a route with a kept answer files it under `slot`.
 */
function writeAnswer(
  koa: Koa.Context,
  route: RouteDef,
  actor: Actor,
  result: unknown,
  deps: AppDeps,
  slot: KeptSlot | null,
): void {
  koa.status = 200;
  if (route.method === 'get') varyOnCaller(koa, route);
  const policy = cacheControlOf(route, actor);
  const cacheControl = policy === null ? null : (koa.response.get('Cache-Control') as string) || policy;
  if (route.envelope === false && !(cacheControl && result && typeof result === 'object')) {
    koa.body = result;
    return;
  }
  const envelope =
    route.envelope === false
      ? null
      : result instanceof Reply
        ? ok(result.data, successMessage(result.message, languageOf(koa)), deps.clock.now())
        : ok(result ?? {}, successMessage(route.message ?? 'OK', languageOf(koa)), deps.clock.now());
  if (!cacheControl) {
    koa.body = envelope;
    return;
  }
  let answer: StableAnswer;
  let timestamp: string | undefined;
  if (envelope) {
    const { timestamp: at, ...stable } = envelope;
    answer = stableAnswer(stable);
    timestamp = at;
  } else answer = stableAnswer(result as object);
  if (slot)
    cachesOf(deps).answers.set(slot.key, slot.version, {
      answer,
      cacheControl,
      enveloped: envelope !== null,
    });
  sendStableAnswer(koa, answer, cacheControl, timestamp);
}

function handle(route: RouteDef, deps: AppDeps): Koa.Middleware {
  const v = routeValidators(route);
  return async (koa) => {
    const { file, all } = route.upload ? uploadedFile(koa) : { file: null, all: [] as RawFile[] };
    const received = (koa.state.receivedUpload as ReceivedUpload | undefined) ?? null;
    // A deprecated route says so on every answer, errors included, until its removal (180 days after
    // the announcement).
    setDeprecation(koa, route);
    if (route.leavesPublicAnswers) koa.state.leavesPublicAnswers = true;
    let madeHere: (() => void) | undefined;
    try {
      const actor = actorOf(koa, route);
      checkAccess(route, actor, koa);
      const keeping = await sendKeptOrMake(koa, route, actor, deps);
      if (keeping === 'sent') return;
      const slot = keeping?.slot ?? null;
      madeHere = keeping?.done;
      const rawBody = (koa.request as unknown as { body?: unknown }).body;
      if (route.body && !route.upload)
        checkBodyType(koa, route.form ? 'application/x-www-form-urlencoded' : 'application/json');
      const fields = route.upload ? ((rawBody ?? {}) as Record<string, string>) : {};
      const ctx = contextOf(koa, deps, actor);
      const query = v.query ? (v.query({ ...koa.query }) as Record<string, unknown>) : {};
      const selection = v.selection ? v.selection(query) : null;
      const raw = await route.handler({
        params: v.params ? (v.params(koa.params) as Record<string, unknown>) : koa.params,
        query,
        body: v.body ? v.body(rawBody ?? {}) : undefined,
        fields: v.fields ? (v.fields(fields) as Record<string, string>) : fields,
        file,
        received,
        ctx,
        koa,
        deps,
      });
      if (raw instanceof Raw) return;
      const shape = (data: unknown) =>
        projectAnswer(applyRepresentation(data, representationOf(koa)), selection);
      const result = raw instanceof Reply ? new Reply(shape(raw.data), raw.message) : shape(raw);
      writeAnswer(koa, route, actor, result, deps, slot);
    } catch (err) {
      // A file received into storage belongs to the handler's success only.
      await received?.discard().catch(() => undefined);
      throw err;
    } finally {
      madeHere?.();
      await Promise.all(all.map((f) => unlink(f.filepath).catch(() => undefined)));
    }
  };
}

export function mountRoutes(
  router: Router,
  routes: RouteDef[],
  deps: AppDeps,
  rateLimit: (route: RouteDef) => Koa.Middleware,
): void {
  for (const route of routes) {
    router[route.method](
      koaPath(route.path),
      rateLimit(route),
      accessGuard(route, deps),
      bodyParser(route, deps),
      handle(route, deps),
    );
  }
}
