import { ERRORS, englishErrorText, type ErrorArgs, type ErrorCode } from '@haat/shared/errors/catalogue';

/**
 * An error a person can act on: a code of the shared catalogue (decision
 * 0052), its parameters, its HTTP status and its English text. The error
 * handler answers { success: false, error: true, code, params, message }.
 */
export class AppError extends Error {
  public readonly statusCode: number;
  public readonly params: Record<string, string | number>;
  /** Whole seconds until asking again may succeed: answered as Retry-After (retryIn). */
  public retryAfterSeconds?: number;

  constructor(
    public readonly code: ErrorCode,
    params: Record<string, string | number> = {},
  ) {
    super(englishErrorText(code, params));
    this.name = 'AppError';
    this.statusCode = ERRORS[code].status;
    this.params = params;
  }

  /** The same error, answered with Retry-After: the time until a cap lets the asker in again (decision 0098). */
  retryIn(ms: number): this {
    this.retryAfterSeconds = Math.max(1, Math.ceil(ms / 1000));
    return this;
  }
}

/** `throw appError('STOCK_CHANGED', { n: 7 })`: the compiler checks the code and its parameters. */
export function appError<C extends ErrorCode>(code: C, ...[params]: ErrorArgs<C>): AppError {
  return new AppError(code, params as Record<string, string | number> | undefined);
}
