import { type ErrorCode, type FieldError, STATUS_BY_CODE } from "../../../shared/errors";

export { STATUS_BY_CODE, type ErrorCode, type FieldError };

export interface AppErrorOptions {
  /** Field by field, for a form to show next to each field. */
  errors?: FieldError[];
  /** Seconds a client should wait, sent as Retry-After (429, 503). */
  retryAfter?: number;
}

/** The one error services throw (docs/style.md, Documenso): a code from shared/errors.ts and a message for people. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly errors?: FieldError[];
  readonly retryAfter?: number;

  constructor(code: ErrorCode, message: string, options: AppErrorOptions = {}) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.errors = options.errors;
    this.retryAfter = options.retryAfter;
  }

  get status(): number {
    return STATUS_BY_CODE[this.code];
  }
}

export const notFound = (what = "Not found") => new AppError("NOT_FOUND", what);

/** A save based on an older version of an item than the one stored (docs/product.md "The owner's work"). */
export const staleVersion = (what: string) =>
  new AppError(
    "STALE",
    `This ${what} was changed somewhere else (in another tab, or by a feed sync) after you opened it. Your changes are still in the form: reload to see the other version, or save again to replace it with yours.`,
  );

/** The SQLSTATE of a database error, through the wrappers the driver and Drizzle put around it. */
export function sqlStateOf(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined; e && typeof e === "object"; e = e.cause as typeof e) {
    if (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}
