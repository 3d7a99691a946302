import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { tint } from './styles';

const List = styled.div`
  display: flex;
  border-bottom: 1px solid ${({ theme }) => theme.palette.divider};
`;

const Tab = styled.button`
  flex: 1 1 0;
  min-height: ${({ theme }) => theme.touchTarget}px;
  padding: 0 16px;
  border: 0;
  border-bottom: 3px solid transparent;
  background: transparent;
  color: ${({ theme }) => theme.palette.textMuted};
  font: 600 0.9375rem ${({ theme }) => theme.font.family};
  cursor: pointer;
  &[aria-selected='true'] {
    color: ${({ theme }) => theme.palette.primary};
    border-bottom-color: ${({ theme }) => theme.palette.primary};
  }
  &:hover {
    background: ${({ theme }) => tint(theme.palette.primary, 6)};
  }
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.palette.text};
    outline-offset: -3px;
  }
`;

export interface TabItem<T extends string = string> {
  value: T;
  label: ReactNode;
}

/** Ids that connect a tab with its {@link TabPanel}. */
export function tabIds(idPrefix: string, value: string) {
  return { tab: `${idPrefix}-tab-${value}`, panel: `${idPrefix}-panel-${value}` };
}

export interface TabsProps<T extends string> {
  items: readonly TabItem<T>[];
  value: NoInfer<T>;
  onChange(value: NoInfer<T>): void;
  /** Accessible name of the tab list. */
  label: string;
  /** Prefix of the tab and panel ids; give the same to each {@link TabPanel}. */
  idPrefix: string;
}

/**
 * ARIA tabs: one tab stop for the whole list; arrow keys, Home and End move between tabs and
 * select them. For tabs that are pages (URLs) use {@link BottomTabBar} or links instead.
 */
export function Tabs<T extends string>({ items, value, onChange, label, idPrefix }: TabsProps<T>) {
  const listRef = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent) => {
    const index = items.findIndex((item) => item.value === value);
    const last = items.length - 1;
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const target = items[(next + items.length) % items.length];
    if (!target) return;
    onChange(target.value);
    listRef.current?.ownerDocument.getElementById(tabIds(idPrefix, target.value).tab)?.focus();
  };
  return (
    <List role="tablist" aria-label={label} ref={listRef} onKeyDown={onKeyDown}>
      {items.map((item) => {
        const selected = item.value === value;
        const ids = tabIds(idPrefix, item.value);
        return (
          <Tab
            key={item.value}
            type="button"
            role="tab"
            id={ids.tab}
            aria-selected={selected}
            aria-controls={ids.panel}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(item.value)}
          >
            {item.label}
          </Tab>
        );
      })}
    </List>
  );
}
