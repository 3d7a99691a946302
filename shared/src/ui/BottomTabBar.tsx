import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { up, type Theme } from '../theme';
import { tint } from './styles';

const BAR_HEIGHT = 64;

const Bar = styled.nav<{ $hideFrom: keyof Theme['breakpoints'] }>`
  position: fixed;
  left: 0;
  right: 0;
  bottom: 0;
  z-index: 1000;
  display: flex;
  padding-bottom: env(safe-area-inset-bottom);
  background: ${({ theme }) => theme.palette.paper};
  box-shadow: 0 -1px 0 ${({ theme }) => theme.palette.divider};
  ${({ $hideFrom }) => up($hideFrom)} {
    display: none;
  }
`;

/** Keeps the end of the page clear of the fixed bar. */
const Spacer = styled.div<{ $hideFrom: keyof Theme['breakpoints'] }>`
  height: calc(${BAR_HEIGHT}px + env(safe-area-inset-bottom));
  ${({ $hideFrom }) => up($hideFrom)} {
    display: none;
  }
`;

const TabLink = styled(Link)`
  flex: 1 1 0;
  min-height: ${BAR_HEIGHT}px;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 2px;
  color: ${({ theme }) => theme.palette.textMuted};
  font-size: 0.8125rem;
  font-weight: 600;
  text-decoration: none;
  border-top: 3px solid transparent;
  &[aria-current='page'] {
    color: ${({ theme }) => theme.palette.primary};
    border-top-color: ${({ theme }) => theme.palette.primary};
    background: ${({ theme }) => tint(theme.palette.primary, 6)};
  }
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.palette.text};
    outline-offset: -3px;
  }
`;

export interface BottomTab {
  /** The route this tab opens, e.g. "/dashboard/logs". */
  to: string;
  label: string;
  icon?: ReactNode;
}

export interface BottomTabBarProps {
  items: readonly BottomTab[];
  /** Accessible name of the bar. */
  label: string;
  /** From this breakpoint up the bar is hidden (the page shows everything side by side). */
  hideFrom?: keyof Theme['breakpoints'];
  /** The tab to mark current when the path matches none (e.g. the default sub-route). */
  fallback?: string;
}

/**
 * Navigation fixed at the bottom of small screens, one link per sub-page. The link whose route
 * starts the current path is marked `aria-current="page"`. Renders a spacer so the last content
 * is not hidden under it.
 */
export function BottomTabBar({ items, label, hideFrom = 'md', fallback }: BottomTabBarProps) {
  const path = useLocation().pathname.toLowerCase();
  const current = items.find((item) => path === item.to.toLowerCase() || path.startsWith(`${item.to.toLowerCase()}/`))?.to ?? fallback;
  return (
    <>
      <Spacer $hideFrom={hideFrom} />
      <Bar aria-label={label} $hideFrom={hideFrom}>
        {items.map((item) => (
          <TabLink key={item.to} to={item.to} aria-current={item.to === current ? 'page' : undefined}>
            {item.icon}
            {item.label}
          </TabLink>
        ))}
      </Bar>
    </>
  );
}
