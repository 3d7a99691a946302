/**
 * Every call of docs/PRODUCT.md section 7, typed. Screens call these, never axios directly. Paths the spec
 * leaves open live under /api/user (docs/ARCHITECTURE.md section 4).
 */
import type { CountryCode, Language, NotificationChannel, Role } from '../constants';
import type {
  Account,
  AdminOrder,
  AdminUserDetail,
  AdminUserSummary,
  AuditEntry,
  AutoTopUp,
  AutoTopUpSettings,
  CalendarFeed,
  ChallengeSession,
  CreditHistoryEntry,
  DayRange,
  DeployToken,
  DriverStats,
  EngineHealth,
  EngineWorkers,
  Filter,
  KnowledgeBaseArticle,
  KnowledgeBaseArticleInput,
  KnowledgeBaseItem,
  LogEntry,
  LogQuery,
  MembershipPlan,
  MintedDeployToken,
  NotificationPreferences,
  Promotion,
  PushDevice,
  PushDevices,
  PushSubscriptionInput,
  PublicConfig,
  ScheduledBlock,
  SearchStatus,
  ServiceArea,
  Session,
  SupportMessage,
  Ticket,
  TicketStatus,
  TicketSummary,
} from '../types';
import { call } from './client';
import { openLiveEvents } from './live';

/** Body of the connect call: the pasted-URL form (with the verifier) or email/password/otp. */
export interface ConnectAccountRequest {
  emailAddress?: string;
  password?: string;
  otp?: string;
  challenge_response?: string;
  code_verifier?: string;
}

/** Body of toggleSearchState. */
export interface ToggleSearchStateRequest {
  timezoneOffset: number;
  timeZone?: string;
  /** The wanted state; absent: toggle. */
  searching?: boolean;
}

export interface RegisterRequest {
  country_code: CountryCode | '';
  emailAddress: string;
  phoneNumber: string;
  password: string;
  confirmPassword: string;
  inviteCode?: string;
  /** The language the visitor used the app in: the new account keeps it. */
  language?: Language;
}

/**
 * Marks a call that loads state in the background (on a page load, a poll, a 10 s refresh): the
 * driver did nothing, so its failures are only logged, never toasted (docs/FRONTEND.md, "Toasts").
 * Everything the driver does (a submit, a button) keeps its toasts.
 */
const LOAD = { quietErrors: true } as const;

export const api = {
  auth: {
    login: (body: { emailAddress: string; password: string }) => call<Session>((http) => http.post('/auth/login', body)),
    register: (body: RegisterRequest) => call<Session>((http) => http.post('/auth/register', body)),
    requestResetPasswordLink: (body: { emailAddress: string }) => call<null>((http) => http.post('/auth/requestResetPasswordLink', body)),
    /** Whether the e-mailed link's reset token can still change the password (asked when the page opens). */
    resetLinkState: (resetToken: string) => call<{ usable: boolean }>((http) => http.get('/auth/resetLinkState', { ...LOAD, headers: { Authorization: `Bearer ${resetToken}` } })),
    /** Change a forgotten password with the reset token from the e-mailed link. */
    changePassword: (resetToken: string, body: { password: string; confirmPassword: string }) =>
      call<Session>((http) => http.post('/auth/changePassword', body, { headers: { Authorization: `Bearer ${resetToken}` } })),
    logout: () => call<null>((http) => http.post('/auth/logout', {})),
    /** E-mail the address-verification link again (the sign-up bonus waits for it). */
    resendVerificationEmail: () => call<null>((http) => http.post('/auth/resendVerificationEmail', {})),
  },
  user: {
    get: () => call<Account>((http) => http.get('/user', LOAD)),
    locale: () => call<{ locale: string }>((http) => http.get('/user/locale', LOAD)),
    connectAccount: (body: ConnectAccountRequest) => call<null>((http) => http.post('/user/connectAccount', body)),
    getLogs: (query: LogQuery) => call<LogEntry[]>((http) => http.post('/user/getLogs', { query }, LOAD)),
    getServiceAreas: () => call<ServiceArea[]>((http) => http.post('/user/getServiceAreas', {}, LOAD)),
    getSearchState: () => call<boolean>((http) => http.get('/user/getSearchState', LOAD)),
    /** What the search is doing: running, paused for credit, low credit, no eligible station. */
    getSearchStatus: () => call<SearchStatus>((http) => http.get('/user/getSearchStatus', LOAD)),
    /** The driver's live stream (docs/LIVE.md); returns its close. */
    events: openLiveEvents,
    getSchedule: () => call<ScheduledBlock[]>((http) => http.get('/user/getSchedule', LOAD)),
    /** The latest changes of the credit, newest first; fees and refunds with their block. */
    getCreditHistory: () => call<CreditHistoryEntry[]>((http) => http.get('/user/getCreditHistory', LOAD)),
    /**
     * Start or Stop. `timezoneOffset` is `Date.getTimezoneOffset()`; `timeZone`, the browser's IANA
     * zone, lets the server follow daylight-saving changes (left out when the browser names none).
     * `searching` is the state the driver wants: a Stop sent twice (or from a stale screen) never
     * starts the search; without it the server toggles.
     */
    toggleSearchState: (timezoneOffset: number, timeZone?: string, searching?: boolean) =>
      call<{ searching: boolean; status?: SearchStatus }>((http) =>
        http.post('/user/toggleSearchState', {
          timezoneOffset,
          ...(timeZone ? { timeZone } : {}),
          ...(searching === undefined ? {} : { searching }),
        } satisfies ToggleSearchStateRequest),
      ),
    /** Saves a filter; one without an id is added at the end of the list and answered with its id (docs/PRODUCT.md "Several filters"). */
    saveFilter: (filter: Filter | Omit<Filter, 'id'>) => call<Filter>((http) => http.post('/user/saveFilter', { filter })),
    /** Deletes a filter (never the first); answers the filters left, in order. */
    deleteFilter: (id: string) => call<Filter[]>((http) => http.post('/user/deleteFilter', { id })),
    /** Puts the filters in this order (every id once; the first is the one the dashboard shows); answers them in order. */
    reorderFilters: (ids: string[]) => call<Filter[]>((http) => http.post('/user/reorderFilters', { ids })),
    forfeitBlock: (logId: string) => call<null>((http) => http.post('/user/forfeitBlock', { logId })),
    startTrial: () => call<null>((http) => http.post('/user/startTrial', {})),
    saveNotificationPreferences: (notificationPreferences: NotificationPreferences) =>
      call<null>((http) => http.post('/user/saveNotificationPreferences', { notificationPreferences })),
    /** The devices that receive Web Push, and the server's VAPID public key to subscribe with. */
    getPushDevices: () => call<PushDevices>((http) => http.get('/user/pushDevices', LOAD)),
    /** Saves this browser's push subscription (the same endpoint saved again is updated, not doubled). */
    subscribePush: (subscription: PushSubscriptionInput) => call<PushDevice>((http) => http.post('/user/pushDevices', subscription)),
    unsubscribePush: (deviceId: string) => call<null>((http) => http.delete(`/user/pushDevices/${encodeURIComponent(deviceId)}`)),
    /** Sends a test on one channel now; the alert says where it went, a failure why not. */
    sendTestNotification: (channel: NotificationChannel) => call<null>((http) => http.post('/user/sendTestNotification', { channel })),
    /** The account's language: the app opens in it on every device, and e-mails and chat messages are written in it. */
    saveLanguage: (language: Language) => call<null>((http) => http.post('/user/saveLanguage', { language })),
    /** The name the dashboard greets the driver with. */
    saveDisplayName: (displayName: string) => call<null>((http) => http.post('/user/saveDisplayName', { displayName })),
    changePassword: (body: { currentPassword: string; newPassword: string; confirmNewPassword: string }) => call<Session>((http) => http.post('/user/changePassword', body)),
    /** Earnings and the offer funnel over the span's days, summed by the server in the driver's time zone. */
    getStats: (range: DayRange) => call<DriverStats>((http) => http.get('/user/stats', { ...LOAD, params: range })),
    /** Accepted blocks (not forfeited) starting on the span's days, earliest first. */
    getBlocks: (range: DayRange) => call<LogEntry[]>((http) => http.get('/user/blocks', { ...LOAD, params: range })),
    /** The private calendar feed link: whether there is one; making one (its URL, shown once) replaces it; revoking ends it. */
    getCalendarFeed: () => call<CalendarFeed>((http) => http.get('/user/calendarFeed', LOAD)),
    rotateCalendarFeed: () => call<CalendarFeed>((http) => http.post('/user/calendarFeed', {})),
    revokeCalendarFeed: () => call<null>((http) => http.delete('/user/calendarFeed')),
  },
  store: {
    getMembershipPlans: () => call<MembershipPlan[]>((http) => http.get('/store/getMembershipPlans', LOAD)),
    /** Returns the checkout URL the browser navigates to. */
    createStripeOrder: (topup_amount: number) => call<string>((http) => http.post('/store/createStripeOrder', { topup_amount })),
    buyMembership: (planId: string) => call<string>((http) => http.post('/store/createStripeOrder', { membership_plan_id: planId })),
    /** Truthy once the order is paid. Polled every second. */
    getOrderStatus: (orderStatusId: string) => call<unknown>((http) => http.get('/store/getOrderStatus', { ...LOAD, params: { orderStatusId, time: Date.now() } })),
    /** The automatic top-up: settings, saved card, last charge or failure. */
    getAutoTopUp: () => call<AutoTopUp>((http) => http.get('/store/autoTopUp', LOAD)),
    saveAutoTopUp: (settings: AutoTopUpSettings) => call<AutoTopUp>((http) => http.put('/store/autoTopUp', settings)),
    /** Returns the URL of the page where the driver saves a card. */
    startCardSetup: () => call<string>((http) => http.post('/store/autoTopUp/card', {})),
    removeCard: () => call<AutoTopUp>((http) => http.delete('/store/autoTopUp/card')),
  },
  help: {
    sendQuestion: (body: SupportMessage) => call<null>((http) => http.post('/help/sendQuestion', body)),
  },
  knowledgeBase: {
    list: () => call<KnowledgeBaseItem[]>((http) => http.get('/knowledgeBase/', LOAD)),
  },
  /** The server configuration's public part: the support address, the Telegram bot. */
  publicConfig: () => call<PublicConfig>((http) => http.get('/publicConfig', LOAD)),
  promotion: {
    optOut: (userId: string) => call<null>((http) => http.post('/promotion/optOut', { userId })),
  },
  /** The operator console (docs/OPERATIONS.md); the server answers 403 to anyone but an operator. */
  admin: {
    users: (q: string) => call<AdminUserSummary[]>((http) => http.get('/admin/users', { params: q ? { q } : {} })),
    user: (id: string) => call<AdminUserDetail>((http) => http.get(`/admin/users/${encodeURIComponent(id)}`)),
    /** `requestKey` is the Idempotency-Key: one per adjustment the operator means, kept across retries of it. */
    adjustCredit: (id: string, body: { amountCents: number; reason: string }, requestKey: string) =>
      call<{ credit: number }>((http) => http.post(`/admin/users/${encodeURIComponent(id)}/credit`, body, { headers: { 'Idempotency-Key': requestKey } })),
    accountAction: (id: string, action: 'stopSearch' | 'suspend' | 'restore', reason: string) =>
      call<null>((http) => http.post(`/admin/users/${encodeURIComponent(id)}/${action}`, { reason })),
    setRole: (id: string, role: Role, reason: string) => call<null>((http) => http.post(`/admin/users/${encodeURIComponent(id)}/role`, { role, reason })),
    refundOrder: (orderId: string, reason: string) => call<AdminOrder>((http) => http.post(`/admin/orders/${encodeURIComponent(orderId)}/refund`, { reason })),
    tickets: (query: { status?: TicketStatus; q?: string }) => call<TicketSummary[]>((http) => http.get('/admin/tickets', { params: query })),
    ticket: (id: number) => call<Ticket>((http) => http.get(`/admin/tickets/${id}`)),
    replyToTicket: (id: number, text: string) => call<Ticket>((http) => http.post(`/admin/tickets/${id}/reply`, { text })),
    setTicketStatus: (id: number, status: 'open' | 'closed') => call<Ticket>((http) => http.post(`/admin/tickets/${id}/status`, { status })),
    audit: (query: { q?: string; userId?: string }) => call<AuditEntry[]>((http) => http.get('/admin/audit', { params: query })),
    /** The search engine's last `minutes` minutes and the drivers' search states now (docs/OPERATIONS.md "Engine health"). */
    engineHealth: (minutes: number) => call<EngineHealth>((http) => http.get('/admin/engineHealth', { params: { minutes } })),
    engineWorkers: () => call<EngineWorkers>((http) => http.get('/admin/engineHealth/workers')),
    knowledgeBase: {
      list: () => call<KnowledgeBaseArticle[]>((http) => http.get('/admin/knowledgeBase')),
      create: (body: KnowledgeBaseArticleInput) => call<KnowledgeBaseArticle>((http) => http.post('/admin/knowledgeBase', body)),
      update: (id: number, body: KnowledgeBaseArticleInput) => call<KnowledgeBaseArticle>((http) => http.post(`/admin/knowledgeBase/${id}`, body)),
      /** `ids`: every article, in the new order. */
      reorder: (ids: number[]) => call<KnowledgeBaseArticle[]>((http) => http.post('/admin/knowledgeBase/order', { ids })),
      remove: (id: number) => call<null>((http) => http.delete(`/admin/knowledgeBase/${id}`)),
    },
    promotions: {
      list: () => call<Promotion[]>((http) => http.get('/admin/promotions')),
      get: (id: number) => call<Promotion>((http) => http.get(`/admin/promotions/${id}`)),
      create: (body: { subject: string; text: string }) => call<Promotion>((http) => http.post('/admin/promotions', body)),
      update: (id: number, body: { subject: string; text: string }) => call<Promotion>((http) => http.post(`/admin/promotions/${id}`, body)),
      send: (id: number) => call<Promotion>((http) => http.post(`/admin/promotions/${id}/send`)),
    },
    /** The release registry's per-remote deploy tokens (docs/RELEASES.md "Tokens"); admins only. */
    deployTokens: {
      list: () => call<DeployToken[]>((http) => http.get('/admin/deployTokens')),
      mint: (body: { label: string; remote: string }) => call<MintedDeployToken>((http) => http.post('/admin/deployTokens', body)),
      revoke: (id: string, reason: string) => call<DeployToken>((http) => http.post(`/admin/deployTokens/${encodeURIComponent(id)}/revoke`, { reason })),
    },
  },
};

/** The connect call's expected first failure carries the challenge session (docs/PRODUCT.md section 8). */
export type { ChallengeSession };
