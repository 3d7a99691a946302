/** Typed access to the client-local storage keys of docs/PRODUCT.md section 3. */
import { STORAGE_KEYS } from '../constants';

export type StorageKey = keyof typeof STORAGE_KEYS;

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    // Storage can be disabled (private mode, sandboxed frame): behave as signed out.
    return undefined;
  }
}

export function readStored<T>(key: StorageKey, fallback: T): T {
  const raw = storage()?.getItem(STORAGE_KEYS[key]);
  if (raw == null) return fallback;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return fallback;
  }
}

export function writeStored(key: StorageKey, value: unknown): void {
  if (value === undefined) storage()?.removeItem(STORAGE_KEYS[key]);
  else storage()?.setItem(STORAGE_KEYS[key], JSON.stringify(value));
}

export function removeStored(...keys: StorageKey[]): void {
  for (const key of keys) storage()?.removeItem(STORAGE_KEYS[key]);
}

/** The access token is stored raw (not JSON) under the key spelt "acccessToken". */
export function getAccessToken(): string | null {
  return storage()?.getItem(STORAGE_KEYS.accessToken) ?? null;
}

export function setAccessToken(token: string | null): void {
  if (token) storage()?.setItem(STORAGE_KEYS.accessToken, token);
  else storage()?.removeItem(STORAGE_KEYS.accessToken);
}
