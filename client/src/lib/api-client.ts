import { type ApiErrorBody, codeForStatus, type ErrorCode, isErrorCode } from "@shared/errors";

/** The one error a failed API call raises (docs/style.md rule 3), parsed from the JSON error body. */
export class ApiError extends Error {
  readonly status: number;
  /** What went wrong, from the API's one error contract: branch on this, not on the status. */
  readonly code: ErrorCode;
  readonly errors?: ApiErrorBody["errors"];
  readonly requestId?: string;

  constructor(status: number, body: Partial<ApiErrorBody> & { message: string }) {
    super(body.message);
    this.name = "ApiError";
    this.status = status;
    this.code = isErrorCode(body.code) ? body.code : codeForStatus(status);
    this.errors = body.errors;
    this.requestId = body.requestId;
  }
}

export function isApiError(error: unknown, code?: ErrorCode): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code);
}

async function toApiError(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => "");
  try {
    const body = JSON.parse(text) as Partial<ApiErrorBody>;
    if (body && typeof body.message === "string") return new ApiError(res.status, { ...body, message: body.message });
  } catch {
    /* not JSON: fall through to the spec's "{status}: {body}" message (docs/product.md §8) */
  }
  return new ApiError(res.status, { message: `${res.status}: ${text || res.statusText}` });
}

/**
 * The language the API is asked to answer in (its error messages): the page's own, which the
 * server sets on `<html lang>`, unless a part of the app that speaks another language (the admin
 * area, in its person's) sets its own with `setApiLanguage`.
 */
let apiLanguage: string | null = null;

/** Asks the API's answers in `tag` from now on; `null` goes back to the page's language. */
export function setApiLanguage(tag: string | null): void {
  apiLanguage = tag;
}

const requestLanguage = () => apiLanguage ?? (typeof document === "undefined" ? "" : document.documentElement.lang);

async function request<T>(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
  cache?: RequestCache,
): Promise<T> {
  // docs/product.md §7: credentials always; a JSON content type only when a body is sent.
  const language = requestLanguage();
  const res = await fetch(path, {
    method,
    cache,
    credentials: "include",
    headers: {
      ...headers,
      ...(language ? { "Accept-Language": language } : {}),
      ...(body === undefined ? { Accept: "application/json" } : { Accept: "application/json", "Content-Type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw await toApiError(res);
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}

export const apiClient = {
  get: <T>(path: string) => request<T>("GET", path),
  /**
   * A GET checked with the server even where the browser may answer from its cache (the answers
   * every visitor shares allow stale-while-revalidate): for a form that saves what it shows.
   */
  getFresh: <T>(path: string) => request<T>("GET", path, undefined, {}, "no-cache"),
  /** A GET whose 404 means "there is none": null instead of an error. */
  getOrNull: async <T>(path: string): Promise<T | null> => {
    try {
      return await request<T>("GET", path);
    } catch (error) {
      if (isApiError(error, "NOT_FOUND")) return null;
      throw error;
    }
  },
  /** `headers`: a request's own, such as an upload's token. */
  post: <T>(path: string, body?: unknown, headers?: Record<string, string>) => request<T>("POST", path, body ?? {}, headers),
  put: <T>(path: string, body: unknown) => request<T>("PUT", path, body),
  delete: <T>(path: string) => request<T>("DELETE", path),
};
