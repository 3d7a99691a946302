/**
 * The first step on load (docs/PRODUCT.md section 1): a page opened over plain http is sent to the same
 * URL over https. Local hosts are exempt so a developer's and the test suite's runs work.
 */
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** The https URL to go to, or null when the page may stay where it is. */
export function secureUrlFor(location: Pick<Location, 'protocol' | 'hostname' | 'href'>): string | null {
  if (location.protocol !== 'http:' || LOCAL_HOSTS.has(location.hostname) || location.hostname.endsWith('.localhost')) return null;
  return `https:${location.href.slice('http:'.length)}`;
}

/** Redirects when needed; true when the page is leaving (nothing else should start). */
export function redirectToSecure(location: Location = window.location): boolean {
  const target = secureUrlFor(location);
  if (target) location.replace(target);
  return target !== null;
}
