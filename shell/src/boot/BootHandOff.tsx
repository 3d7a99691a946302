/**
 * Takes over from the page's inline script (shared/src/pageScript.ts) once the shell has rendered:
 * from here on the router handles links, and whatever the visitor clicked while the app was
 * loading is carried out now, in the order it would have happened.
 */
import { BOOT_PENDING_CLICK, BOOT_PENDING_HREF, BOOT_STATE } from '@blockpilot/shared';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';

/** Renders nothing; place it after the shell's other parts so their mount effects have run. */
export function BootHandOff() {
  const navigate = useNavigate();
  useEffect(() => {
    const data = document.documentElement.dataset;
    const href = data[BOOT_PENDING_HREF];
    const clicked = data[BOOT_PENDING_CLICK];
    delete data[BOOT_PENDING_HREF];
    delete data[BOOT_PENDING_CLICK];
    data[BOOT_STATE] = 'done';
    if (href) navigate(href);
    else if (clicked) document.getElementById(clicked)?.click();
    // Once, on the first render: later renders are the live app's own.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- navigate must not re-run the hand-over
  }, []);
  return null;
}
