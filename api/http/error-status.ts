/** The one table from domain error class to HTTP status. */
import {
  ConflictError,
  DomainError,
  ForbiddenError,
  NotFoundError,
  PayloadTooLargeError,
  QuotaExceededError,
  ServiceUnavailableError,
  UnauthorizedError,
  UnsupportedMediaTypeError,
  ValidationError,
} from '../../domain/errors.ts';

const STATUS_BY_CLASS: [new (...args: never[]) => DomainError, number][] = [
  [ValidationError, 400],
  [UnauthorizedError, 401],
  [ForbiddenError, 403],
  [NotFoundError, 404],
  [ConflictError, 409],
  [PayloadTooLargeError, 413],
  [UnsupportedMediaTypeError, 415],
  [QuotaExceededError, 429],
  [ServiceUnavailableError, 503],
];

export function statusOf(error: DomainError): number {
  for (const [cls, status] of STATUS_BY_CLASS) if (error instanceof cls) return status;
  return 500;
}

/** Generic code for a status coming from a library (koa-body, koa-jwt, router). */
export function codeOfStatus(status: number): string {
  switch (status) {
    case 400:
      return 'VALIDATION_ERROR';
    case 401:
      return 'UNAUTHORIZED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 405:
      return 'METHOD_NOT_ALLOWED';
    case 409:
      return 'CONFLICT';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 503:
      return 'SERVICE_UNAVAILABLE';
    default:
      return status >= 500 ? 'INTERNAL_ERROR' : 'BAD_REQUEST';
  }
}
