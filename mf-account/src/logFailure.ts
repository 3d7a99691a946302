/**
 * Failures docs/PRODUCT.md section 8 says are "only logged, with no user message" (trial, plans, top-up):
 * one console line each, under this remote's prefix. Messages the server sent are already toasts.
 */
export function logFailure(what: string, error: unknown): void {
  console.warn(`[account] ${what} failed:`, error instanceof Error ? error.message : error);
}
