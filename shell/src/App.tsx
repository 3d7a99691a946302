import { setNavigator } from '@blockpilot/shared';
import { AppProviders } from '@blockpilot/shared/ui';
import { useEffect } from 'react';
import { BrowserRouter, useNavigate } from 'react-router-dom';
import { BootHandOff } from './boot/BootHandOff';
import { PreviewBanner } from './federation/PreviewBanner';
import { ReleasePreviewBanner } from './federation/ReleasePreviewBanner';
import { RemoteUpdateBanner } from './federation/RemoteUpdateBanner';
import { ManifestLanguage } from './manifestLanguage';
import { NavBar } from './navigation/NavBar';
import { ShellRoutes } from './routing/ShellRoutes';
import { Snackbar } from './toasts/Snackbar';

/** Hands the router's navigate to the API client, so `redirect` in a response stays client-side. */
function RedirectBridge() {
  const navigate = useNavigate();
  useEffect(() => setNavigator((path) => navigate(path)), [navigate]);
  return null;
}

export function App() {
  return (
    <AppProviders>
      <BrowserRouter>
        <RedirectBridge />
        <NavBar />
        <PreviewBanner />
        <ReleasePreviewBanner />
        <RemoteUpdateBanner />
        <ShellRoutes />
        <Snackbar />
        <ManifestLanguage />
        <BootHandOff />
      </BrowserRouter>
    </AppProviders>
  );
}
