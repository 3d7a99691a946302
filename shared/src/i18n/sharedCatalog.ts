/** The shared UI kit's texts for React screens (docs/FRONTEND.md, "Languages"). */
import { defineCatalog } from './react';
import { SHARED_CATALOG } from './sharedMessages';

export const { useT: useSharedT } = defineCatalog('shared', SHARED_CATALOG);
