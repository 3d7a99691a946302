import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { capturePrerenderedPage } from './federation/prerenderedPage';
import { registerServiceWorker } from './serviceWorker/register';

// A transition lets React render the first screen in short slices, yielding to the browser in
// between, instead of one long task: on a phone's CPU that long task is most of the page's
// blocking time (Lighthouse TBT).
// Before React replaces the static first paint with its own tree.
capturePrerenderedPage();
startTransition(() => {
  createRoot(document.getElementById('root')!).render(<App />);
});
// Past the async boundary: the worker's path comes from a shared module (docs/FRONTEND.md "Installable app").
registerServiceWorker();
