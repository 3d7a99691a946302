import '@fontsource/poppins/latin-400.css';
import '@fontsource/poppins/latin-500.css';
import '@fontsource/poppins/latin-600.css';
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';

// A transition lets React render the first screen in short slices, yielding to the browser in
// between, instead of one long task: on a phone's CPU that long task is most of the page's
// blocking time (Lighthouse TBT).
startTransition(() => {
  createRoot(document.getElementById('root')!).render(<App />);
});
