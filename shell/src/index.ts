import { redirectToSecure } from './secureRedirect';

// The async boundaries let the federation runtime negotiate shared singletons first. The page's
// remote is fetched alongside React, not after it.
if (!redirectToSecure()) {
  void import('./bootstrap');
  void import('./federation/preloadCurrentRemote').then(({ preloadCurrentRemote }) => preloadCurrentRemote());
}
