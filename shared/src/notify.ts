/**
 * The page's one toast channel. The API client and any remote call {@link notify}; the shell
 * subscribes once and renders the snackbar. A plain subscription keeps remotes free of the shell's
 * components while still sharing one instance through the federation singleton.
 */
export type Severity = 'success' | 'error' | 'info';

/** One message for the snackbar. */
export interface Toast {
  id: number;
  message: string;
  severity: Severity;
}

type Listener = (toast: Toast) => void;
const listeners = new Set<Listener>();
let nextId = 1;

export function notify(message: string, severity: Severity = 'info'): void {
  const toast = { id: nextId++, message, severity };
  for (const listener of listeners) listener(toast);
}

export function onNotify(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
