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
  /**
   * What the message is about (the API client uses the request's method and path): a newer toast
   * from the same source replaces the older one, so a success clears an earlier error of the same
   * form (docs/FRONTEND.md, "Toasts").
   */
  source?: string;
}

type Listener = (toast: Toast) => void;
const listeners = new Set<Listener>();
let nextId = 1;

export function notify(message: string, severity: Severity = 'info', source?: string): void {
  const toast: Toast = { id: nextId++, message, severity, ...(source ? { source } : {}) };
  for (const listener of listeners) listener(toast);
}

export function onNotify(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The toasts on screen once `toast` arrives: an identical one (same text and severity) or one
 * from the same source is replaced by it, so toasts never stack up repeats; newest last.
 */
export function withToast(shown: readonly Toast[], toast: Toast): Toast[] {
  const replaced = (t: Toast) => (t.message === toast.message && t.severity === toast.severity) || (toast.source !== undefined && t.source === toast.source);
  return [...shown.filter((t) => !replaced(t)), toast];
}
