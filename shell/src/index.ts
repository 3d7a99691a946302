import { redirectToSecure } from './secureRedirect';

// The async boundary lets the federation runtime negotiate shared singletons before React loads.
if (!redirectToSecure()) void import('./bootstrap');
