/**
 * Errors of the domain layer. They know nothing of HTTP: each has a stable machine `code`
 * (published in OpenAPI) and `details`; the API maps the class to a status in one table
 * (api/http/error-status.ts), the CLI prints code and message, a job records them.
 */
import { notFoundSentence, type NotFoundName } from './not-found-names.ts';

/** A failure's own sentence in French and in English. */
export type Wording = (lang: 'fr' | 'en') => string;

/** The wording of a sentence written in both languages. */
export function bilingual(fr: string, en: string): Wording {
  return (lang) => (lang === 'fr' ? fr : en);
}

/**
 * What a failure says: a sentence for the logs and the CLI (English), or its wording in both
 * languages, which the API answers in the caller's (its English is then the logs' sentence).
 */
export type Sentence = string | Wording;

export class DomainError extends Error {
  /**
   * The failure's own sentence in each language, when it says more than its code's message (why a
   * transition is refused, an upload's limit): the API answers it as the message.
   */
  wording?: Wording;

  constructor(
    readonly code: string,
    message: Sentence,
    readonly details: string = '',
  ) {
    super(typeof message === 'string' ? message : message('en'));
    this.name = new.target.name;
    if (typeof message !== 'string') this.wording = message;
  }
}

/** `err`, worded in each language by `wording` (DomainError.wording). */
export function worded<E extends DomainError>(err: E, wording: Wording): E {
  err.wording = wording;
  return err;
}

export class ValidationError extends DomainError {
  constructor(message: Sentence, details = '', code = 'VALIDATION_ERROR') {
    super(code, message, details);
  }
}

/**
 * What a domain rule refused in a field the schema let through.
 *
 * Codes shared with the schema's own refusals: `required`, `format` (params.format: email, phone,
 * mobile, json, slug, uri, redirectUri, image), `minLength`, `maxLength`, `minimum`, `maximum`,
 * `minItems`, `maxItems` (each with params.limit), `uniqueItems`, `enum` (params.allowedValues)
 * and `invalid`.
 *
 * Codes of the domain: an id of nothing (`unknownId`, params.kind ville, region, secteur, niveau),
 * a text of spaces only (`blank`), a date already past (`pastDate`), an offer that is not
 * published (`notPublished`), a URL that does not reach a public server (`refusedUrl`), an address
 * other than the invited one (`notInvitedAddress`), an address off the company's domain
 * (`notOnDomain`, params.domain), a text with no searchable word (`noWord`), a regular expression
 * that does not compile (`regex`), a confirmation that differs from its field (`mismatch`,
 * params.other).
 */
export type InputCode =
  | 'required'
  | 'format'
  | 'minLength'
  | 'maxLength'
  | 'minimum'
  | 'maximum'
  | 'minItems'
  | 'maxItems'
  | 'uniqueItems'
  | 'enum'
  | 'invalid'
  | 'unknownId'
  | 'blank'
  | 'pastDate'
  | 'notPublished'
  | 'refusedUrl'
  | 'notInvitedAddress'
  | 'notOnDomain'
  | 'noWord'
  | 'regex'
  | 'mismatch';

export interface InputProblem {
  /** As the schema's errors name fields: `body.villeId`, `body.adresseSiege.villeId`, `query.sort`. */
  field: string;
  code: InputCode;
  params?: Record<string, unknown>;
}

/**
 * Input that passed its schema but not a rule of the domain: a 400 VALIDATION_ERROR whose
 * `error.fields` name each field, as the schema's own refusals do (the API words them).
 */
export class InputError extends ValidationError {
  readonly problems: InputProblem[];
  /** Why, past what the field's code says (a URL's address, a pattern's syntax): the API adds it to details, in the answer's language. */
  explanation?: Wording;
  constructor(message: Sentence, details: string, problem: InputProblem) {
    super(message, details);
    this.problems = [problem];
  }
}

/** `body.password: minLength (limit=8)`: what the CLI and the logs show of a problem the API words. */
function plainDetails(field: string, code: InputCode, params?: Record<string, unknown>): string {
  const said = Object.entries(params ?? {}).map(
    ([k, v]) => `${k}=${Array.isArray(v) ? v.join('|') : String(v)}`,
  );
  return said.length ? `${field}: ${code} (${said.join(', ')})` : `${field}: ${code}`;
}

/**
 * An InputError naming one field. `explanation` says why, in each language, when the field's code
 * does not (the address a URL resolves to, what a pattern's syntax lacks); details, for the CLI and
 * logs, are the explanation in English or else the problem as data.
 */
export function inputError(
  message: string,
  field: string,
  code: InputCode,
  params?: Record<string, unknown>,
  explanation?: Wording,
): InputError {
  const err = new InputError(message, explanation?.('en') ?? plainDetails(field, code, params), {
    field,
    code,
    ...(params ? { params } : {}),
  });
  if (explanation) err.explanation = explanation;
  return err;
}

export class UnauthorizedError extends DomainError {
  constructor(message: Sentence = 'Authentication required', code = 'UNAUTHORIZED', details = '') {
    super(code, message, details);
  }
}

/**
 * Why a bearer token was not honoured, in the words of RFC 6750: TOKEN_MISSING is a request with
 * no token (no `error` attribute in the challenge), the three others are its `invalid_token`.
 * TOKEN_INVALID: not a token of ours (bad signature, malformed, unknown, or a refresh token where
 * an access token is expected and the reverse); TOKEN_EXPIRED: past its `exp`; TOKEN_REVOKED:
 * logged out, its login revoked (refresh-token reuse), its account disabled or its role changed.
 */
export type TokenErrorCode = 'TOKEN_MISSING' | 'TOKEN_EXPIRED' | 'TOKEN_INVALID' | 'TOKEN_REVOKED';

export const TOKEN_ERROR_CODES: readonly TokenErrorCode[] = [
  'TOKEN_MISSING',
  'TOKEN_EXPIRED',
  'TOKEN_INVALID',
  'TOKEN_REVOKED',
];

/**
 * A missing or refused token (401). The message is short, plain ASCII English: the API also puts
 * it in the `error_description` of its WWW-Authenticate challenge. `revokedAccountId` names the
 * account whose tokens the failing use case revoked on its way (refresh-token reuse), so the
 * process that served it forgets what it kept of them at once.
 */
export class TokenError extends UnauthorizedError {
  declare readonly code: TokenErrorCode;
  constructor(
    code: TokenErrorCode,
    message: Sentence,
    readonly revokedAccountId: number | null = null,
  ) {
    super(message, code);
  }
}

export class ForbiddenError extends DomainError {
  constructor(message: Sentence = 'You are not allowed to do this', code = 'FORBIDDEN', details = '') {
    super(code, message, details);
  }
}

/** `what` is missing; the message the API answers names it in the caller's language. */
export class NotFoundError extends DomainError {
  constructor(what: NotFoundName = 'Resource', details = '') {
    super('NOT_FOUND', `${what} not found`, details);
    this.wording = (lang) => notFoundSentence(what, lang);
  }
}

export class ConflictError extends DomainError {
  constructor(code: string, message: Sentence, details = '') {
    super(code, message, details);
  }
}

export class PayloadTooLargeError extends DomainError {
  constructor(message: Sentence = 'Payload too large', details = '', code = 'PAYLOAD_TOO_LARGE') {
    super(code, message, details);
  }
}

export class UnsupportedMediaTypeError extends DomainError {
  constructor(message: Sentence = 'Unsupported media type', details = '') {
    super('UNSUPPORTED_MEDIA_TYPE', message, details);
  }
}

/** A quota of the domain is used up (not the per-IP rate limits): 429 in the envelope. */
export class QuotaExceededError extends DomainError {
  constructor(code: string, message: Sentence, details = '') {
    super(code, message, details);
  }
}

/** The database or another dependency is down: the caller may retry (API answers 503). */
export class ServiceUnavailableError extends DomainError {
  constructor(message: Sentence = 'Service temporarily unavailable', details = '') {
    super('SERVICE_UNAVAILABLE', message, details);
  }
}
