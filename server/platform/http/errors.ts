import { type ErrorCode, STATUS_BY_CODE } from "../../../shared/errors";
import type { ServerKey } from "../../../shared/locales/parts";

export { STATUS_BY_CODE, type ErrorCode };

/** A message's placeholders: `{count}`, `{title}`; a value may itself be words, said in the same language. */
export type MessageValues = Record<string, unknown>;

/**
 * Words for a person, said only once it is known who reads them: a key of the message catalogues
 * (`shared/locales/<tag>/server.json`, or any of the site's parts) and its placeholders' values.
 * The error handler says them in the request's language; logs name the key.
 */
export interface Words {
  key: ServerKey;
  values?: MessageValues;
}

export const words = (key: ServerKey, values?: MessageValues): Words => (values ? { key, values } : { key });

export const isWords = (value: unknown): value is Words =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as Words).key === "string" &&
  Object.keys(value).every((k) => k === "key" || k === "values");

/** One language's way of saying a message (`translator(tag).t` of modules/languages). */
export type Say = (key: ServerKey, values?: MessageValues) => string;

/** The words in one language: the words among its values first. */
export function sayWords(message: Words, say: Say): string {
  const values = message.values
    ? Object.fromEntries(Object.entries(message.values).map(([name, value]) => [name, isWords(value) ? sayWords(value, say) : value]))
    : undefined;
  return say(message.key, values);
}

/** A field's problem, for a form to show next to the field: said in the reader's language like the message. */
export interface FieldWords {
  path: string;
  message: Words;
}

export interface AppErrorOptions {
  /** The message's placeholders. */
  values?: MessageValues;
  /** Field by field, for a form to show next to each field. */
  errors?: FieldWords[];
  /** Seconds a client should wait, sent as Retry-After (429, 503). */
  retryAfter?: number;
}

/**
 * The one error services throw (docs/style.md, Documenso): a code from shared/errors.ts and words
 * for people, a catalogue key said in the language of whoever asked (the error handler). Its
 * `message` is the key, for logs.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly words: Words;
  readonly errors?: FieldWords[];
  readonly retryAfter?: number;

  constructor(code: ErrorCode, message: ServerKey | Words, options: AppErrorOptions = {}) {
    const said = typeof message === "string" ? words(message, options.values) : message;
    super(said.key);
    this.name = "AppError";
    this.code = code;
    this.words = said;
    this.errors = options.errors;
    this.retryAfter = options.retryAfter;
  }

  get status(): number {
    return STATUS_BY_CODE[this.code];
  }
}

export const notFound = (key: ServerKey = "error.notFound", values?: MessageValues) => new AppError("NOT_FOUND", key, { values });

/** What a stale save is of, each with its whole sentence (docs/product.md "The owner's work"). */
const STALE_MESSAGES = {
  episode: "error.staleEpisode",
  clip: "error.staleClip",
  provider: "error.staleProvider",
  setting: "error.staleSetting",
  about: "error.staleAbout",
  pictures: "error.stalePictures",
} as const satisfies Record<string, ServerKey>;

/** A save based on an older version of an item than the one stored (docs/product.md "The owner's work"). */
export const staleVersion = (what: keyof typeof STALE_MESSAGES) => new AppError("STALE", STALE_MESSAGES[what]);

/** The SQLSTATE of a database error, through the wrappers the driver and Drizzle put around it. */
export function sqlStateOf(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined; e && typeof e === "object"; e = e.cause as typeof e) {
    if (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}
