/**
 * What the shell uses before React and the rest of this package have loaded: reading the stored
 * session and taking over the page script's early requests (docs/FRONTEND.md "Cold start"). It
 * imports no React, styled-components or router, so loading it costs one small chunk and the
 * shell can start fetching the page's remote while the heavy shared code still downloads.
 */
export { getAccessToken } from './session/storage';
export { takeEarlyAnswer } from './session/earlyRequests';
