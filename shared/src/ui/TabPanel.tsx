import type { ReactNode } from 'react';
import { tabIds } from './Tabs';

export interface TabPanelProps {
  idPrefix: string;
  value: string;
  /** Whether this panel's tab is the selected one. */
  selected: boolean;
  children: ReactNode;
}

/** The content of one {@link Tabs} tab; hidden (but kept mounted) while another tab is selected. */
export function TabPanel({ idPrefix, value, selected, children }: TabPanelProps) {
  const ids = tabIds(idPrefix, value);
  return (
    <div role="tabpanel" id={ids.panel} aria-labelledby={ids.tab} hidden={!selected} tabIndex={0}>
      {children}
    </div>
  );
}
