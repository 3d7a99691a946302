/**
 * The entry of every remote's standalone preview page (one file for all remotes, instead of an
 * `index.ts` and a `preview.ts` in each). The dynamic import is the async boundary that lets the
 * federation runtime negotiate the shared singletons before any of them is used.
 */
void import('./remotePreviewMount');
