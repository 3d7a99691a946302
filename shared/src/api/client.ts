/**
 * The one HTTP client of the page. Every call goes through {@link call}, so the bearer header and
 * the response envelope (docs/ARCHITECTURE.md section 4, docs/PRODUCT.md section 8) are handled here and nowhere else:
 * `alert` becomes a toast (success or error by status), `redirect` navigates, `errors` become an
 * {@link ApiError}. No timeout by default (docs/PRODUCT.md section 7).
 */
import type { AxiosAdapter, AxiosInstance, AxiosResponse, AxiosStatic } from 'axios';
import { activeLanguage } from '../i18n/runtime';
import { notify } from '../notify';
import { getAccessToken } from '../session/storage';
import type { Envelope } from '../types';
import { ApiError } from './errors';

declare module 'axios' {
  interface AxiosRequestConfig {
    /**
     * Background loads set this (state refreshes, polls): the driver did nothing, so a failure is
     * only logged, never a toast (redirects are still followed; successes still show their alert).
     */
    quietErrors?: boolean;
  }
}

/** Where the client sends the browser when a response carries `redirect`. */
let navigate: (path: string) => void = (path) => {
  globalThis.location?.assign(path);
};

/** The shell hands its router's navigate here, so redirects stay client-side. */
export function setNavigator(fn: (path: string) => void): void {
  navigate = fn;
}

/** A fake server's adapter (the `./mock` export), used by every request while set. */
let adapterOverride: AxiosAdapter | null = null;

/** Tests answer every call with `adapter` (null puts the network back). */
export function setTestAdapter(adapter: AxiosAdapter | null): void {
  adapterOverride = adapter;
}

/** The toast source of a request: its method and path, so each form's answers replace each other. */
function sourceOf(config: { method?: string | undefined; url?: string | undefined } | undefined): string | undefined {
  return config?.url ? `${(config.method ?? 'get').toUpperCase()} ${config.url}` : undefined;
}

function follow(envelope: Envelope | undefined, ok: boolean, quiet = false, source?: string): void {
  if (!envelope || typeof envelope !== 'object') return;
  if (typeof envelope.alert === 'string' && envelope.alert && !quiet) notify(envelope.alert, ok ? 'success' : 'error', source);
  if (typeof envelope.redirect === 'string' && envelope.redirect) navigate(envelope.redirect);
}

function createClient(axios: AxiosStatic): AxiosInstance {
  const http = axios.create({ baseURL: '/api', timeout: 0 });
  http.interceptors.request.use((config) => {
    const token = getAccessToken();
    if (token) config.headers.set('Authorization', `Bearer ${token}`);
    // The server writes its messages (alerts, field errors) in the page's language (docs/FRONTEND.md, "Languages").
    config.headers.set('Accept-Language', activeLanguage());
    if (adapterOverride) config.adapter = adapterOverride;
    return config;
  });
  http.interceptors.response.use(
    (response: AxiosResponse<Envelope>) => {
      follow(response.data, true, false, sourceOf(response.config));
      return response;
    },
    (error: unknown) => {
      if (axios.isAxiosError(error)) {
        const envelope = (error.response?.data && typeof error.response.data === 'object' ? error.response.data : {}) as Envelope;
        follow(envelope, false, error.config?.quietErrors, sourceOf(error.config));
        return Promise.reject(new ApiError(error.response?.status ?? 0, envelope));
      }
      return Promise.reject(error);
    },
  );
  return http;
}

let client: Promise<AxiosInstance> | null = null;

/**
 * The client, created with the first call. axios is loaded then, not with the page: a visitor of
 * the landing page may never call the API, and axios is about 20 KB gzipped and a long task on a
 * phone's main thread on the way to the first paint (Lighthouse's bootup-time).
 */
export function httpClient(): Promise<AxiosInstance> {
  client ??= import(/* webpackChunkName: "axios" */ 'axios').then(({ default: axios }) => createClient(axios));
  return client;
}

/** Sends a request with the client and unwraps `data` from the envelope of a successful answer. */
export async function call<T>(send: (http: AxiosInstance) => Promise<AxiosResponse<Envelope<T>>>): Promise<T> {
  const response = await send(await httpClient());
  return response.data.data as T;
}
