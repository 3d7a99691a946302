/** @blockpilot/shared/mock: a fake server and fake shell for tests of any remote. */
export { mockApi, type MockApi, type MockHandler, type MockReply, type RecordedCall } from './mockApi';
export { MockProviders, createMockSession, mockSearchStatus, routeRenderedAt, type MockSession } from './MockProviders';
export { mockAccount, mockFilter, mockLogEntry, mockServiceAreas } from './fixtures';
export { renderRemote, setScreenWidth } from './renderRemote';
export { compileMessagesOnce } from './compiledMessages';
