/**
 * The one error contract of the API (docs/decisions/006-one-error-contract.md): every failure
 * is `{message, code, errors?, requestId}` with one of these codes, and each code has one status.
 * The server throws by code; the client branches on the code, never on the status.
 */
export const STATUS_BY_CODE = {
  BAD_REQUEST: 400,
  VALIDATION: 400,
  /** A message's proof-of-work challenge that does not verify, has expired or was used already. */
  CHALLENGE_FAILED: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  /** A save based on a version of the item that another save has replaced since. */
  STALE: 409,
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  URI_TOO_LONG: 414,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  TOO_MANY_REQUESTS: 429,
  UNAVAILABLE: 503,
  INSUFFICIENT_STORAGE: 507,
  INTERNAL: 500,
} as const;

export type ErrorCode = keyof typeof STATUS_BY_CODE;

interface FieldError {
  path: string;
  message: string;
}

export interface ApiErrorBody {
  message: string;
  code: ErrorCode;
  errors?: FieldError[];
  requestId?: string;
}

/** For an answer without the JSON body (a proxy's 502, say): the code its status stands for. */
export function codeForStatus(status: number): ErrorCode {
  const found = (Object.keys(STATUS_BY_CODE) as ErrorCode[]).find((code) => STATUS_BY_CODE[code] === status);
  return found ?? (status >= 500 ? "UNAVAILABLE" : "BAD_REQUEST");
}

export const isErrorCode = (value: unknown): value is ErrorCode => typeof value === "string" && Object.hasOwn(STATUS_BY_CODE, value);
