/**
 * A choice the driver makes once and expects remembered on this device (docs/PRODUCT.md section 3: the
 * log filter, the default pay type, 'abbreviate service areas'). A stored value that is not one
 * of the allowed ones (an old version, a hand edit) falls back to the default. Candidate for
 * the shared kit.
 */
import { readStored, STORAGE_KEYS, writeStored } from '@blockpilot/shared';
import { useCallback, useState } from 'react';

type StorageKey = keyof typeof STORAGE_KEYS;

export function useStoredPreference<T>(key: StorageKey, fallback: T, isValid: (value: unknown) => value is T): [T, (value: T) => void] {
  const [value, setValue] = useState<T>(() => {
    const stored = readStored<unknown>(key, fallback);
    return isValid(stored) ? stored : fallback;
  });
  const update = useCallback(
    (next: T) => {
      setValue(next);
      writeStored(key, next);
    },
    [key],
  );
  return [value, update];
}

export const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';

/** A guard for one of a fixed list of strings. */
export function isOneOf<T extends string>(choices: readonly T[]) {
  return (value: unknown): value is T => typeof value === 'string' && (choices as readonly string[]).includes(value);
}
