/**
 * A route is declared once, as data: method, path, who may call it, the schema of each input
 * and of the answer, and a handler. The same declaration drives validation, role checks,
 * rate-limit category, and the OpenAPI document.
 */
import type { Readable } from 'node:stream';
import type Koa from 'koa';
import type { Static, TSchema } from 'typebox';
import type { Role } from '../../models/account.ts';
import type { Ctx } from '../../domain/context.ts';
import type { AppDeps } from '../deps.ts';
import type { ApiScope } from '../../domain/integrations/index.ts';
import type { RateCategory } from '../rate-limit/category.ts';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** 'public': no token needed; 'optional': a valid token is used when sent; Role[]: one of these roles. */
export type Access = 'public' | 'optional' | readonly Role[];

/** Re-exported: routes name their category here, and the rate limiter reads it from its own module. */
export type { RateCategory };

export interface UploadedFile {
  path: string;
  originalName: string | null;
  declaredType: string | null;
  size: number;
}

/** What an upload's `receive` made of the file it took as it arrived: how to undo it. */
export interface ReceivedUpload {
  discard(): Promise<void>;
}

/** The multipart `file` part as it arrives, for an upload's `receive`. */
export interface IncomingUpload {
  ctx: Ctx;
  /** The file's bytes; fails when the file goes over `maxBytes` or the client goes away. */
  file: Readable;
  originalName: string | null;
  declaredType: string | null;
}

export interface HandlerInput {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
  /** The multipart `file` field, for routes with `upload` (a temporary file). */
  file: UploadedFile | null;
  /** The multipart `file` field, for routes whose upload has `receive`: what it returned. */
  received: ReceivedUpload | null;
  /** Other multipart text fields. */
  fields: Record<string, string>;
  ctx: Ctx;
  koa: Koa.Context;
  deps: AppDeps;
}

export interface RouteDef {
  method: HttpMethod;
  /** OpenAPI style, relative to /v1/api: '/offres/{offreId}'. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  access: Access;
  /**
   * The OAuth scopes that let a third-party app's token call this route (any one of them), next to
   * the roles of `access`. A route without scopes is closed to OAuth tokens; an OAuth token acts
   * as the account it stands for (a recruiter, or its company's owner), so `access` still applies.
   */
  scopes?: readonly ApiScope[];
  rateCategory?: RateCategory;
  params?: TSchema;
  query?: TSchema;
  body?: TSchema;
  /**
   * The body is a form (`application/x-www-form-urlencoded`, every value a string) instead of
   * JSON: for the few pages that must work without script.
   */
  form?: boolean;
  /**
   * Bytes of body read at most (api/http/body-limit.ts): 16 KB unless set; LONG_TEXT_BODY_LIMIT
   * for routes that take long texts. A larger body is a 413 before it is parsed.
   */
  bodyLimit?: number;
  upload?: {
    maxBytes: number;
    fields?: TSchema;
    /** Ownership check that must pass before the body is read (the role check always does). */
    authorize?(input: { ctx: Ctx; params: Record<string, unknown> }): Promise<unknown>;
    /**
     * Takes the file as it arrives instead of a temporary file (api/http/streamed-upload.ts): the
     * receiver stores it where it belongs, and the handler gets what it returned as `received`.
     * When the request or the handler fails afterwards, the received file is discarded.
     */
    receive?(input: IncomingUpload): Promise<ReceivedUpload>;
  };
  /** Schema of `data` in the envelope (or of the whole body when envelope is false). */
  response?: TSchema;
  /** false for the bare answers (login, geography, paginated lists). */
  envelope?: boolean;
  /** Content type of a success that is not JSON (a handler that writes its own body), for OpenAPI. */
  produces?: string;
  /** Success message of the envelope. */
  message?: string;
  /** Extra OpenAPI responses, e.g. { 409: 'ALREADY_APPLIED' }. */
  errors?: Record<number, string>;
  deprecated?: { successor: string; sunset: string };
  /**
   * GET answers that are the same for everyone: shared caches may keep them this many seconds
   * (`Cache-Control: public`), with a weak ETag and 304 on If-None-Match. Answers to a signed-in
   * caller of a route that is not public are private instead, whatever this says.
   */
  publicCache?: { maxAge: number };
  /** `fields=` selects the fields of the answer (of each item of a page), nested ones with dots. */
  sparseFields?: boolean;
  /**
   * A GET whose public answer depends only on its path and query string, the caller's language
   * and representation, and the version this returns: the process keeps the serialized answer a
   * moment and sends it again while the version holds (api/http/kept-answers.ts). On a route open
   * to signed-in callers too (`optional`), only anonymous callers' answers are kept.
   */
  keptAnswer?: { version(deps: AppDeps): Promise<string> };
  /**
   * A write that changes no answer an anonymous GET can get, beyond the offers' application
   * counters (which every view shows up to 2 s late anyway): signing in, refreshing or dropping a
   * token, applying and the steps of an application, a candidate's alerts, saved jobs, SMS settings
   * and recommendation choices, the city of a point. Its success leaves this process's recorded
   * answers (api/http/answer-replays.ts) and its search index's generation (the search pages it
   * keeps) in place; any other write forgets the first and moves the second, so that the instance
   * that made a change answers with it at once. Frequent writes must not empty them many times a
   * second.
   */
  leavesPublicAnswers?: true;
  /** Response headers to document and set on success (e.g. caching). */
  handler(input: HandlerInput): Promise<unknown>;
}

/** A handler returns Raw when it wrote ctx.body itself (file downloads, redirects). */
export class Raw {
  static readonly instance = new Raw();
}

/** A handler returns Reply to choose the envelope message. */
export class Reply<T = unknown> {
  constructor(
    readonly data: T,
    readonly message: string,
  ) {}
}

/** What a handler receives for an input schema: its static type, or nothing when there is none. */
type InputOf<S extends TSchema | undefined> = S extends TSchema ? Static<S> : Record<string, never>;

/** A route whose handler sees `params`, `query`, `body` (and multipart `fields`) typed from its own schemas. */
export interface TypedRouteDef<
  P extends TSchema | undefined,
  Q extends TSchema | undefined,
  B extends TSchema | undefined,
  F extends TSchema | undefined,
  R extends ReceivedUpload = ReceivedUpload,
> extends Omit<RouteDef, 'params' | 'query' | 'body' | 'upload' | 'handler'> {
  params?: P;
  query?: Q;
  body?: B;
  upload?: Omit<NonNullable<RouteDef['upload']>, 'fields' | 'authorize' | 'receive'> & {
    fields?: F;
    authorize?(input: { ctx: Ctx; params: InputOf<P> }): Promise<unknown>;
    receive?(input: IncomingUpload): Promise<R>;
  };
  handler(
    input: Omit<HandlerInput, 'params' | 'query' | 'body' | 'fields' | 'received'> & {
      params: InputOf<P>;
      query: InputOf<Q>;
      body: InputOf<B>;
      fields: F extends TSchema ? Static<F> : Record<string, string>;
      received: R | null;
    },
  ): Promise<unknown>;
}

/**
 * Declares one route with typed inputs. The inputs are validated against these schemas before the
 * handler runs (api/http/validation.ts: defaults applied, query and path coerced from text), so
 * the handler may rely on their static types without casts.
 */
export function route<
  P extends TSchema | undefined = undefined,
  Q extends TSchema | undefined = undefined,
  B extends TSchema | undefined = undefined,
  F extends TSchema | undefined = undefined,
  R extends ReceivedUpload = ReceivedUpload,
>(def: TypedRouteDef<P, Q, B, F, R>): RouteDef {
  return def;
}

export function defineRoutes(routes: RouteDef[]): RouteDef[] {
  return routes;
}
