import { formatCents, LANGUAGE_NAMES, TRIAL_DAYS, useSession, type Account } from '@blockpilot/shared';
import { useLanguage } from '@blockpilot/shared/i18n';
import { Collapsible, LanguageSwitch, Notice, Page, Paper, Spinner, tint } from '@blockpilot/shared/ui';
import { useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { SectionText } from '../../components/sectionLayout';
import { useT } from '../../i18n';
import { CreditSection } from './CreditSection';
import { InviteCodeSection } from './InviteCodeSection';
import { NotificationPreferencesSection } from './NotificationPreferencesSection';
import { PasswordSection } from './PasswordSection';
import { DisplayNameSection } from './DisplayNameSection';
import { DEFAULT_SECTION, sectionElementId, type SectionId } from './sections';
import { TrialBanner } from './TrialBanner';

const Sections = styled(Paper)`
  padding: 4px 12px;
`;

/** A section that scrolls into view below the fixed navigation bar, not under it. */
const Section = styled(Collapsible)`
  scroll-margin-top: ${({ theme }) => theme.navHeight + 8}px;
  &:last-child {
    border-bottom: 0;
  }
`;

const TrialSection = styled(Section)`
  margin: 8px 0;
  border: 0;
  border-radius: ${({ theme }) => theme.radius}px;
  background: ${({ theme }) => tint(theme.palette.primary, 8)};
`;

export interface AccountScreenProps {
  /** The section the route names (/account/credit...): opened and scrolled to. None on /account. */
  section?: SectionId;
  /** The route pattern, for browser tests (data-route). */
  route: string;
  /** A dialog shown over the page (the purchase dialogs). */
  dialog?: ReactNode;
}

function initiallyOpen(section: SectionId): Record<SectionId, boolean> {
  return { trial: true, credit: false, inviteCode: false, notificationPreferences: false, displayName: false, language: false, password: false, [section]: true };
}

function scrollIntoView(section: SectionId) {
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  document.getElementById(sectionElementId(section))?.scrollIntoView?.({ block: 'start', behavior: reduceMotion ? 'auto' : 'smooth' });
}

/**
 * The sections of the account page (docs/PRODUCT.md section 2): the trial banner while eligible, Credit,
 * Invite Code, Notification Preferences, Your name, Language and Password. Each opens and closes on its own; a
 * sub-route opens its section and scrolls to it, also when followed again from inside the page.
 */
function AccountSections({ account, section }: { account: Account; section?: SectionId }) {
  const t = useT();
  const { language } = useLanguage();
  const { key: locationKey } = useLocation();
  const [open, setOpen] = useState(() => initiallyOpen(section ?? DEFAULT_SECTION));

  useEffect(() => {
    if (!section) return;
    setOpen((current) => (current[section] ? current : { ...current, [section]: true }));
    scrollIntoView(section);
  }, [section, locationKey]);

  const sectionProps = (id: SectionId) => ({
    id: sectionElementId(id),
    headingLevel: 2 as const,
    open: open[id],
    onOpenChange: (next: boolean) => setOpen((current) => ({ ...current, [id]: next })),
  });

  return (
    <Sections>
      {account.trialEligible && (
        <TrialSection title={t('trial.title', { days: TRIAL_DAYS })} {...sectionProps('trial')}>
          <TrialBanner />
        </TrialSection>
      )}
      <Section title={t('sections.credit')} summary={formatCents(account.currency_symbol, account.credit)} {...sectionProps('credit')}>
        <CreditSection account={account} />
      </Section>
      <Section title={t('sections.inviteCode')} {...sectionProps('inviteCode')}>
        <InviteCodeSection shareableCode={account.shareableCode} currencySymbol={account.currency_symbol} />
      </Section>
      <Section title={t('sections.notificationPreferences')} {...sectionProps('notificationPreferences')}>
        <NotificationPreferencesSection preferences={account.notificationPreferences} promotionalEmails={account.promotionalEmails} />
      </Section>
      <Section title={t('sections.displayName')} summary={account.display_name} {...sectionProps('displayName')}>
        <DisplayNameSection displayName={account.display_name} />
      </Section>
      {/* Each language is named in itself ("Español"), as the switch lists them (docs/FRONTEND.md, "Languages"). */}
      <Section title={t('sections.language')} summary={LANGUAGE_NAMES[language]} {...sectionProps('language')}>
        <SectionText>{t('language.text')}</SectionText>
        <LanguageSwitch />
      </Section>
      <Section title={t('sections.password')} {...sectionProps('password')}>
        <PasswordSection />
      </Section>
    </Sections>
  );
}

/** /account and its sub-routes: the page, plus a purchase dialog over it on the purchase routes. */
export function AccountScreen({ section, route, dialog }: AccountScreenProps) {
  const t = useT();
  const { account, accessToken } = useSession();
  let body: ReactNode;
  if (account) body = <AccountSections account={account} section={section} />;
  // Only the standalone preview gets here signed out: the shell sends visitors elsewhere.
  else if (!accessToken) body = <Notice>{t('page.signedOut')}</Notice>;
  else body = <Spinner label={t('page.loading')} />;
  return (
    <Page title={t('page.title')} intro={account ? `${account.display_name} · ${account.emailAddress}` : undefined} route={route} remote="mf_account">
      {body}
      {account && dialog}
    </Page>
  );
}
