/** @blockpilot/shared: the one API client, entity types, constants, theme and session contract. */
export * from './types';
export * from './constants';
export * from './rules';
export * from './format';
export { BOOT_PENDING_CLICK, BOOT_PENDING_HREF, BOOT_STATE } from './pageScript';
export { PAGE_STYLE } from './pageStyle';
export { theme, up, down, type Theme } from './theme';
export { httpClient, setNavigator } from './api/client';
export { api, type ConnectAccountRequest, type RegisterRequest } from './api/endpoints';
export { setLiveTestSource, type LiveHandlers, type LiveSource } from './api/live';
export { ApiError, fieldErrorsOf } from './api/errors';
export { notify, onNotify, withToast, type Severity, type Toast } from './notify';
export { SessionContext, useSession, type SessionValue } from './session/context';
export { SessionProvider } from './session/SessionProvider';
export { usePublicConfig, useSupportEmail } from './session/publicConfig';
export { getAccessToken, setAccessToken, readStored, writeStored, removeStored } from './session/storage';
export * from './forms';
export { EARLY_SEARCH_STATE, EARLY_SEARCH_STATE_ATTRIBUTE, EARLY_STOP, EARLY_STOP_ATTRIBUTE, SEARCH_STATES, searchStateOf, type SearchState } from './searchState';
