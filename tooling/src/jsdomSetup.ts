/** DOM test setup shared by every front-end package. */
import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';
import { configure } from '@testing-library/react';

// `findBy…` and `waitFor` wait for what the screen must come to show; a whole page (the account's
// sections, a lazy route) can take over the default second to render on a busy 2-core CI machine.
// Waiting longer never lets a wrong screen pass: it only gives the right one time to arrive.
configure({ asyncUtilTimeout: 4_000 });

// react-router 7 reads these at import time; jsdom does not provide them.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// jsdom has no layout: matchMedia answers "no match" so components take their mobile-first path
// unless a test sets a width through the helper in @blockpilot/shared/mock.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener() {},
      removeEventListener() {},
      addListener() {},
      removeListener() {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// jsdom has no layout, so no scrolling: a page that brings an element into view does nothing here
// (a test that checks what was scrolled to replaces this).
if (typeof Element !== 'undefined' && !Element.prototype.scrollIntoView) {
  Element.prototype.scrollIntoView = () => undefined;
}
