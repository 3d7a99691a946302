/**
 * The one HTTP client of the page. Every call goes through {@link http}, so the bearer header and
 * the response envelope (DESIGN.md "API", SPEC.md section 8) are handled here and nowhere else:
 * `alert` becomes a toast (success or error by status), `redirect` navigates, `errors` become an
 * {@link ApiError}. No timeout by default (SPEC.md section 7).
 */
import axios, { AxiosError, type AxiosResponse } from 'axios';
import { notify } from '../notify';
import { getAccessToken } from '../session/storage';
import type { Envelope } from '../types';
import { ApiError } from './errors';

declare module 'axios' {
  interface AxiosRequestConfig {
    /**
     * Polls set this: their failures are expected to repeat every second and must not raise a
     * toast each time (redirects are still followed; successes still show their alert).
     */
    quietErrors?: boolean;
  }
}

export const http = axios.create({ baseURL: '/api', timeout: 0 });

/** Where the client sends the browser when a response carries `redirect`. */
let navigate: (path: string) => void = (path) => {
  globalThis.location?.assign(path);
};

/** The shell hands its router's navigate here, so redirects stay client-side. */
export function setNavigator(fn: (path: string) => void): void {
  navigate = fn;
}

http.interceptors.request.use((config) => {
  const token = getAccessToken();
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  return config;
});

function follow(envelope: Envelope | undefined, ok: boolean, quiet = false): void {
  if (!envelope || typeof envelope !== 'object') return;
  if (typeof envelope.alert === 'string' && envelope.alert && !quiet) notify(envelope.alert, ok ? 'success' : 'error');
  if (typeof envelope.redirect === 'string' && envelope.redirect) navigate(envelope.redirect);
}

http.interceptors.response.use(
  (response: AxiosResponse<Envelope>) => {
    follow(response.data, true);
    return response;
  },
  (error: unknown) => {
    if (error instanceof AxiosError) {
      const envelope = (error.response?.data && typeof error.response.data === 'object' ? error.response.data : {}) as Envelope;
      follow(envelope, false, error.config?.quietErrors);
      return Promise.reject(new ApiError(error.response?.status ?? 0, envelope));
    }
    return Promise.reject(error);
  },
);

/** Unwraps `data` from the envelope of a successful call. */
export async function call<T>(request: Promise<AxiosResponse<Envelope<T>>>): Promise<T> {
  const response = await request;
  return response.data.data as T;
}
