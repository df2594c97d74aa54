/**
 * The one error type services throw. The error handler maps `code` to an HTTP status and the contract's body, so
 * services never speak HTTP.
 */
export type AppErrorCode =
  | 'bad_request'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'validation'
  | 'invalid_state'
  | 'conflict';

export type FieldErrors = Record<string, string[]>;

export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly errors: FieldErrors | undefined;
  /** Extra top-level members of the error body (e.g. `active_assignment_id`). */
  readonly extra: Record<string, unknown> | undefined;

  constructor(
    code: AppErrorCode,
    message: string,
    options: { errors?: FieldErrors; extra?: Record<string, unknown> } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.errors = options.errors;
    this.extra = options.extra;
  }

  static unauthenticated(): AppError {
    return new AppError('unauthenticated', 'Unauthenticated.');
  }

  static forbidden(message: string): AppError {
    return new AppError('forbidden', message);
  }

  static notFound(resource: string): AppError {
    return new AppError('not_found', `${resource} not found.`);
  }

  /** A 422 on one field, shaped like a validation failure. */
  static field(field: string, message: string): AppError {
    return new AppError('validation', message, { errors: { [field]: [message] } });
  }

  static invalidState(message: string, extra?: Record<string, unknown>): AppError {
    return new AppError('invalid_state', message, { extra });
  }
}

export const statusByCode: Record<AppErrorCode, number> = {
  bad_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  validation: 422,
  invalid_state: 422,
  conflict: 409,
};
