/** This remote's routes rendered as the shell would, for a signed-out visitor by default. */
import { createMockSession, renderRemote, type MockSession } from '@blockpilot/shared/mock';
import App from './App';

export const renderApp = (path: string, session: MockSession = createMockSession({ accessToken: null, account: null, ready: false })) => renderRemote(App, path, session);
