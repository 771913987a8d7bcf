import type { TAccepted } from '@app/contracts/api/accepted';

/** The browser's side of the spec's shared request conventions (part 1, section 7). */
export const TOKEN_KEY = 'auth_token';

export const storedToken = () => localStorage.getItem(TOKEN_KEY);
export const storeToken = (token: string) => localStorage.setItem(TOKEN_KEY, token);
export const forgetToken = () => localStorage.removeItem(TOKEN_KEY);

/** A non-success answer; its message is "<status>: <body text or status text>" as the spec says. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
  }

  /** The server's `message` (or `error`) field when the body is our JSON error shape. */
  get serverMessage(): string | undefined {
    try {
      const parsed = JSON.parse(this.body) as { message?: unknown; error?: unknown };
      if (typeof parsed.message === 'string') return parsed.message;
      if (typeof parsed.error === 'string') return parsed.error;
    } catch {
      // not JSON: no server message
    }
    return undefined;
  }
}

function headers(hasBody: boolean, extra?: HeadersInit): Headers {
  const result = new Headers(extra);
  if (hasBody) result.set('Content-Type', 'application/json');
  const token = storedToken();
  if (token) result.set('Authorization', `Bearer ${token}`);
  return result;
}

async function send(method: string, url: string, body?: unknown, extra?: HeadersInit): Promise<Response> {
  const hasBody = body !== undefined;
  const response = await fetch(url, {
    method,
    headers: headers(hasBody, extra),
    body: hasBody ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new ApiError(response.status, await response.text(), response.statusText);
  return response;
}

/**
 * The header that sends back the version a form was filled from (the record's `version`, as its ETag gave it):
 * the server refuses the edit with 409 `stale_version` when someone changed one of the form's fields since.
 */
export const ifMatch = (version: number): HeadersInit => ({ 'If-Match': `"${version}"` });

/** 202: the server stored the change, but its lists have not caught up yet (they will in a moment). */
export const isAccepted = (body: unknown): body is TAccepted =>
  typeof body === 'object' && body !== null && (body as { accepted?: unknown }).accepted === true;

const RETRY_DELAYS_MS = [1000, 2000];
/** 128 random bits as hex (crypto.randomUUID exists only on https and localhost pages). */
const newKey = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
const retryable = (error: unknown) =>
  !(error instanceof ApiError) || error.status === 502 || error.status === 503 || error.status === 504;

/**
 * POST that makes a record: it carries an Idempotency-Key, so when the answer is lost (the connection
 * dropped, the server restarted or was briefly unavailable) it is sent again with the same key, and the
 * server makes the record once. Answers the record, or the 202 of a record not yet shown.
 */
export async function createRecord<T>(url: string, body: unknown): Promise<T | TAccepted> {
  const key = { 'Idempotency-Key': newKey() };
  for (let attempt = 0; ; attempt++) {
    try {
      return await apiRequest<T | TAccepted>('POST', url, body, key);
    } catch (error) {
      const delay = RETRY_DELAYS_MS[attempt];
      if (delay === undefined || !retryable(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

/** Sends a request and answers the parsed JSON body (or null for an empty body). */
export async function apiRequest<T = unknown>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
  extraHeaders?: HeadersInit,
): Promise<T> {
  const response = await send(method, url, body, extraHeaders);
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}

/** Uploads files as multipart form data with progress (fetch cannot report upload progress). */
export function apiUpload<T = unknown>(
  url: string,
  form: FormData,
  onProgress?: (fraction: number) => void,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    const token = storedToken();
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300)
        resolve((request.responseText ? JSON.parse(request.responseText) : null) as T);
      else reject(new ApiError(request.status, request.responseText, request.statusText));
    };
    request.onerror = () => reject(new Error('Network error: the upload did not reach the server.'));
    request.send(form);
  });
}

/**
 * The default query loader: GET the first element of the query key; a 401 yields null instead of failing,
 * and, when a session was held, tells `onSessionLost` (the toast and the way back to sign-in).
 */
export async function defaultQueryFn(
  { queryKey }: { queryKey: readonly unknown[] },
  onSessionLost?: () => void,
): Promise<unknown> {
  try {
    return await apiRequest('GET', String(queryKey[0]));
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      if (storedToken()) onSessionLost?.();
      return null;
    }
    throw error;
  }
}

/** The text a failure toast shows: the server's message when it sent one, else the fallback. */
export const failureText = (error: unknown, fallback: string) =>
  (error instanceof ApiError ? error.serverMessage : undefined) ?? fallback;
