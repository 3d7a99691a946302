/** The routes this remote owns inside the shell (the shell decides which paths reach it). */
import { PAGES, SUB_PAGES, useSession } from '@blockpilot/shared';
import type { ReactElement } from 'react';
import { Route, Routes } from 'react-router-dom';
import { InviteCapture } from './screens/InviteCapture';
import { KnowledgeBase } from './screens/KnowledgeBase';
import { Landing } from './screens/Landing/Landing';
import { Legal } from './screens/Legal';
import { PromotionOptOut } from './screens/PromotionOptOut';
import { AcceptOffer } from './screens/AcceptOffer';
import { SupportForm } from './screens/SupportForm';
import { useT } from './i18n';

export default function App() {
  const t = useT();
  const { accessToken } = useSession();
  // /help and /knowledgeBase are signed-in pages; a visitor reaching them sees the landing page,
  // as for any other path (docs/PRODUCT.md section 2).
  const signedIn = (element: ReactElement) => (accessToken ? element : <Landing />);
  return (
    <Routes>
      <Route path={PAGES.promotionOptOut.path} element={<PromotionOptOut />} />
      <Route path={PAGES.acceptOffer.path} element={<AcceptOffer />} />
      <Route path={PAGES.askAQuestion.path} element={<SupportForm title={t('support.contactTitle')} route={PAGES.askAQuestion.path} />} />
      <Route path={PAGES.help.path} element={signedIn(<SupportForm title={t('support.helpTitle')} route={PAGES.help.path} />)} />
      <Route path={PAGES.knowledgeBase.path} element={signedIn(<KnowledgeBase />)} />
      <Route path={PAGES.invite.path} element={<InviteCapture />} />
      <Route path={SUB_PAGES.landing.terms} element={<Legal document="terms" />} />
      <Route path={SUB_PAGES.landing.privacy} element={<Legal document="privacy" />} />
      <Route path="*" element={<Landing />} />
    </Routes>
  );
}
