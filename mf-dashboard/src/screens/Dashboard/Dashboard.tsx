/**
 * /dashboard, /dashboard/settings, /dashboard/logs (docs/PRODUCT.md section 2). On desktops (the large
 * breakpoint and up) filters and logs sit side by side whatever the sub-route; on smaller
 * screens the sub-route picks one and a bottom tab bar switches. Both panels stay mounted and
 * the other one is only hidden, so switching tabs keeps unsaved filter edits and the live log
 * (it keeps polling) instead of starting over; the view switched to starts at its top. On a
 * phone the Start/status card is a compact bar that sticks under the navigation bar.
 */
import { down, PAGES, STICKY_BAR_HEIGHT_VARIABLE, SUB_PAGES, up, useSession } from '@blockpilot/shared';
import { BottomTabBar, Chip, PageContainer, Paper, Spinner } from '@blockpilot/shared/ui';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import styled from 'styled-components';
import { DashboardPages } from '../../components/DashboardPages';
import { useMediaQuery } from '../../components/useMediaQuery';
import { isBoolean, useStoredPreference } from '../../components/useStoredPreference';
import { formatCents } from '../../format';
import { useT } from '../../i18n';
import { ConnectAccountDialog } from './ConnectAccountDialog';
import { EmailConfirmationNotice } from './EmailConfirmationNotice';
import { FilterList } from './FilterList';
import { FiltersPanel } from './FiltersPanel';
import { LogsIcon, SettingsIcon } from './icons';
import { LogsPanel } from './LogsPanel';
import { PuzzleNotice } from './PuzzleNotice';
import { SearchControl } from './SearchControl';
import { SearchNotices } from './SearchNotices';
import { WorkLimitsPanel } from './WorkLimitsPanel';

const Header = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 8px 16px;
  margin: 8px 0 16px;
  h1 {
    margin: 0;
    font-size: 1.5rem;
    font-weight: 600;
    line-height: 1.25;
    overflow-wrap: anywhere;
  }
`;

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: 16px;
`;

const ControlCard = styled(Paper)`
  display: flex;
  justify-content: center;
  padding: 28px 20px 20px;
  /* On a phone, a compact bar that stays under the navigation bar while the log scrolls with the
     page: Start/Stop and the state are always in reach (docs/FRONTEND.md, "Phone dashboard"). */
  ${down('lg')} {
    position: sticky;
    top: ${({ theme }) => theme.navHeight}px;
    z-index: 10;
    padding: 8px 16px;
  }
`;

const Panels = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 16px;
  align-items: start;
  ${up('lg')} {
    grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  }
`;

type View = 'settings' | 'logs' | 'default';

function viewOf(subPath: string | undefined): View {
  return subPath === 'settings' || subPath === 'logs' ? subPath : 'default';
}

export function Dashboard() {
  const t = useT();
  const { account } = useSession();
  const view = viewOf(useParams()['*']);
  const sideBySide = useMediaQuery(up('lg'));
  // One stored choice for both panels, so the log names areas the way the filter lists them.
  const [abbreviate, setAbbreviate] = useStoredPreference('abbreviateServiceAreas', true, isBoolean);

  // Put away with Escape or its close button: the search card's Connect button stays.
  const [connectDialogClosed, setConnectDialogClosed] = useState(false);

  const documentTitle = t('dashboard.documentTitle');
  useEffect(() => {
    document.title = documentTitle;
  }, [documentTitle]);

  // The compact bar sticks under the navigation bar on a phone: toasts drop in below it.
  const controlBar = useRef<HTMLElement>(null);
  // The bar exists once the account has loaded: measure it then.
  const accountLoaded = Boolean(account);
  useLayoutEffect(() => {
    const bar = controlBar.current;
    if (sideBySide || !bar) return;
    const root = document.documentElement.style;
    const follow = () => root.setProperty(STICKY_BAR_HEIGHT_VARIABLE, `${bar.offsetHeight}px`);
    follow();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(follow);
    observer?.observe(bar);
    return () => {
      observer?.disconnect();
      root.removeProperty(STICKY_BAR_HEIGHT_VARIABLE);
    };
  }, [sideBySide, accountLoaded]);

  // Switching Settings/Logs on a phone starts the other view at its top (the log: newest first),
  // not at the scroll position the page had in the view left.
  const firstView = useRef(true);
  useEffect(() => {
    if (firstView.current) {
      firstView.current = false;
      return;
    }
    if (!sideBySide) window.scrollTo({ top: 0 });
  }, [view, sideBySide]);

  const route = view === 'default' ? PAGES.dashboard.path : SUB_PAGES.dashboard[view];
  if (!account) {
    // The shell only renders signed-in routes once the account is loaded; the standalone preview may not.
    return (
      <PageContainer data-route={route} data-remote="mf_dashboard">
        <Spinner label={t('dashboard.loadingAccount')} />
      </PageContainer>
    );
  }

  const money = (cents: number) => formatCents(account.currency_symbol, cents);
  const showLogs = sideBySide || view === 'logs';
  const showFilters = sideBySide || view !== 'logs';
  const tabs = [
    { to: SUB_PAGES.dashboard.settings, label: t('dashboard.tabs.settings'), icon: <SettingsIcon /> },
    { to: SUB_PAGES.dashboard.logs, label: t('dashboard.tabs.logs'), icon: <LogsIcon /> },
  ];
  return (
    <PageContainer data-route={route} data-remote="mf_dashboard">
      <Stack>
        <Header>
          <h1>{account.display_name ? t('dashboard.greeting', { name: account.display_name }) : t('dashboard.greetingNoName')}</h1>
          <Chip>{t('dashboard.credit', { amount: money(account.credit) })}</Chip>
        </Header>
        {/* Stats and Calendar, the dashboard's own pages (docs/LIVE.md "The driver's app"). */}
        <DashboardPages />
        <EmailConfirmationNotice />
        <PuzzleNotice />
        <SearchNotices formatCents={money} />
        <ControlCard ref={controlBar} aria-label={t('dashboard.search')}>
          <SearchControl formatCents={money} />
        </ControlCard>
        <Panels>
          <div hidden={!showFilters} data-panel="filters">
            <FiltersPanel abbreviate={abbreviate} onAbbreviateChange={setAbbreviate} />
            <FilterList abbreviate={abbreviate} onAbbreviateChange={setAbbreviate} />
            <WorkLimitsPanel />
          </div>
          <div hidden={!showLogs} data-panel="logs">
            <LogsPanel abbreviate={abbreviate} />
          </div>
        </Panels>
      </Stack>
      {!sideBySide && <BottomTabBar items={tabs} label={t('dashboard.tabs.label')} hideFrom="lg" fallback={SUB_PAGES.dashboard.settings} />}
      <ConnectAccountDialog open={!account.flexConnected && !connectDialogClosed} onClose={() => setConnectDialogClosed(true)} />
    </PageContainer>
  );
}
