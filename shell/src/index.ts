// In the entry, so they become the page's stylesheet (see the config factory), not a script.
import '@fontsource/poppins/latin-400.css';
import '@fontsource/poppins/latin-500.css';
import '@fontsource/poppins/latin-600.css';
import { redirectToSecure } from './secureRedirect';

// The async boundaries let the federation runtime negotiate shared singletons first. The page's
// remote is fetched alongside React, not after it.
if (!redirectToSecure()) {
  void import('./bootstrap');
  // Its chunk's name is tooling's EARLY_START_CHUNK: the app's chunk takes the remote loader from it.
  void import(/* webpackChunkName: "early-start" */ './federation/preloadCurrentPage').then(({ preloadCurrentPage }) => preloadCurrentPage());
}
