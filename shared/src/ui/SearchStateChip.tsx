import { useSharedT } from '../i18n/sharedCatalog';
import type { SearchState } from '../searchState';
import { Chip } from './Chip';
import type { Tone } from './types';

const DOT: Record<SearchState, Tone> = { stopped: 'error', pausedForCredit: 'warning', noEligibleStation: 'warning', started: 'success' };

/** "System Started" with a green dot, and so on: what the search is doing (../searchState.ts). */
export function SearchStateChip({ state }: { state: SearchState }) {
  const t = useSharedT();
  return <Chip dot={DOT[state]}>{t(`search.state.${state}`)}</Chip>;
}
