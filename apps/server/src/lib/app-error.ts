import { ERROR_STATUS, type ErrorCode } from '@inkwell/contract';

/** An id of the server's error messages (packages/contract/messages/<locale>/apiErrors*.json, decision 0040). */
export type ApiErrorId = `apiErrors.${string}`;
/** An id of the contract's validation messages (validation*.json), which a field may answer with too. */
export type ValidationId = `validation.${string}`;
/** Whether a schema's message is one of the contract's validation ids (zod's own messages are not). */
export const isValidationId = (message: string | undefined): message is ValidationId =>
  message?.startsWith('validation.') ?? false;
/** What fills a message's ICU arguments. */
export type MessageValues = Record<string, string | number>;

/**
 * The one error type the services throw. The error plugin maps `code` to an HTTP status and says
 * `reason` (and each field's message) in the request's language, filled with `values`.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly reason: ApiErrorId | ValidationId;
  readonly values: MessageValues | undefined;
  readonly fields: Record<string, ApiErrorId | ValidationId> | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(
    code: ErrorCode,
    reason: ApiErrorId | ValidationId,
    options: {
      values?: MessageValues;
      fields?: Record<string, ApiErrorId | ValidationId>;
      headers?: Record<string, string>;
    } = {},
  ) {
    // The id, for the logs: the words depend on who asked.
    super(reason);
    this.name = 'AppError';
    this.code = code;
    this.reason = reason;
    this.values = options.values;
    this.fields = options.fields;
    this.headers = options.headers;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}
