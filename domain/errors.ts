/**
 * Errors of the domain layer. They know nothing of HTTP: each has a stable machine `code`
 * (published in OpenAPI) and `details`; the API maps the class to a status in one table
 * (api/http/error-status.ts), the CLI prints code and message, a job records them.
 */
export class DomainError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly details: string = '',
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends DomainError {
  constructor(message: string, details = '', code = 'VALIDATION_ERROR') {
    super(code, message, details);
  }
}

export class UnauthorizedError extends DomainError {
  constructor(message = 'Authentication required', code = 'UNAUTHORIZED', details = '') {
    super(code, message, details);
  }
}

export class ForbiddenError extends DomainError {
  constructor(message = 'You are not allowed to do this', code = 'FORBIDDEN', details = '') {
    super(code, message, details);
  }
}

export class NotFoundError extends DomainError {
  constructor(what = 'Resource', details = '') {
    super('NOT_FOUND', `${what} not found`, details);
  }
}

export class ConflictError extends DomainError {
  constructor(code: string, message: string, details = '') {
    super(code, message, details);
  }
}

export class PayloadTooLargeError extends DomainError {
  constructor(message = 'Payload too large', details = '') {
    super('PAYLOAD_TOO_LARGE', message, details);
  }
}

export class UnsupportedMediaTypeError extends DomainError {
  constructor(message = 'Unsupported media type', details = '') {
    super('UNSUPPORTED_MEDIA_TYPE', message, details);
  }
}

/** A quota of the domain is used up (not the per-IP rate limits): 429 in the envelope. */
export class QuotaExceededError extends DomainError {
  constructor(code: string, message: string, details = '') {
    super(code, message, details);
  }
}

/** The database or another dependency is down: the caller may retry (API answers 503). */
export class ServiceUnavailableError extends DomainError {
  constructor(message = 'Service temporarily unavailable', details = '') {
    super('SERVICE_UNAVAILABLE', message, details);
  }
}
