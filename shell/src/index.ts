// In the entry, so they become the page's stylesheet (see the config factory), not a script.
import '@fontsource/poppins/latin-400.css';
import '@fontsource/poppins/latin-500.css';
import '@fontsource/poppins/latin-600.css';
import { redirectToSecure } from './secureRedirect';

// The async boundaries let the federation runtime negotiate shared singletons first. The page's
// remote is fetched alongside React, not after it.
if (!redirectToSecure()) {
  void import('./bootstrap');
  void import('./federation/preloadCurrentPage').then(({ preloadCurrentPage }) => preloadCurrentPage());
}
