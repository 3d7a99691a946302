/**
 * Every call of docs/PRODUCT.md section 7, typed. Screens call these, never axios directly. Paths the spec
 * leaves open live under /api/user (docs/ARCHITECTURE.md section 4).
 */
import type {
  Account,
  AccountHealth,
  AdminOrder,
  AdminUserDetail,
  AdminUserSummary,
  AuditEntry,
  AutoTopUp,
  CalendarFeed,
  ChallengeSession,
  CreditAdjustmentRequest,
  CreditAdjustmentResult,
  CreditHistoryEntry,
  DeployToken,
  DriverStats,
  EngineHealth,
  EngineWorkers,
  Filter,
  KnowledgeBaseArticle,
  KnowledgeBaseItem,
  LogEntry,
  MembershipPlan,
  MintedDeployToken,
  PaidOrder,
  Promotion,
  PromotionAudience,
  PushDevice,
  PushDevices,
  PublicConfig,
  ResetLinkState,
  ReleaseChannel,
  ReleaseMoveResult,
  ScheduledBlock,
  SearchStatus,
  SearchToggle,
  ServiceArea,
  Session,
  Ticket,
  TicketSummary,
  UserLocale,
} from '../types';
import type * as contract from './schemas';
import { call } from './client';
import { openLiveEvents } from './live';

/**
 * What a call sends: the type its schema in the API contract accepts (docs/ARCHITECTURE.md
 * section 4.1, "The contract"), so the client and the server cannot disagree about a field. Types
 * only: no schema is bundled.
 */
type Body<Name extends keyof typeof contract> = (typeof contract)[Name] extends infer Schema extends contract.ContractSchema ? contract.FromContract<Schema> : never;

export type RegisterRequest = Body<'registerBody'>;
export type ConnectAccountRequest = Body<'connectAccountBody'>;

/**
 * Marks a call that loads state in the background (on a page load, a poll, a 10 s refresh): the
 * driver did nothing, so its failures are only logged, never toasted (docs/FRONTEND.md, "Toasts").
 * Everything the driver does (a submit, a button) keeps its toasts.
 */
const LOAD = { quietErrors: true } as const;

export const api = {
  auth: {
    login: (body: Body<'loginBody'>) => call<Session>((http) => http.post('/auth/login', body)),
    register: (body: RegisterRequest) => call<Session>((http) => http.post('/auth/register', body)),
    requestResetPasswordLink: (body: Body<'requestResetPasswordLinkBody'>) => call<null>((http) => http.post('/auth/requestResetPasswordLink', body)),
    /** Whether the e-mailed link's reset token can still change the password (asked when the page opens). */
    resetLinkState: (resetToken: string) => call<ResetLinkState>((http) => http.get('/auth/resetLinkState', { ...LOAD, headers: { Authorization: `Bearer ${resetToken}` } })),
    /** Change a forgotten password with the reset token from the e-mailed link. */
    changePassword: (resetToken: string, body: Body<'resetPasswordBody'>) =>
      call<Session>((http) => http.post('/auth/changePassword', body, { headers: { Authorization: `Bearer ${resetToken}` } })),
    logout: () => call<null>((http) => http.post('/auth/logout', {})),
    /** E-mail the address-verification link again (the sign-up bonus waits for it). */
    resendVerificationEmail: () => call<null>((http) => http.post('/auth/resendVerificationEmail', {})),
  },
  user: {
    get: () => call<Account>((http) => http.get('/user', LOAD)),
    locale: () => call<UserLocale>((http) => http.get('/user/locale', LOAD)),
    connectAccount: (body: ConnectAccountRequest) => call<null>((http) => http.post('/user/connectAccount', body)),
    getLogs: (query: Body<'getLogsBody'>['query']) => call<LogEntry[]>((http) => http.post('/user/getLogs', { query }, LOAD)),
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
      call<SearchToggle>((http) =>
        http.post('/user/toggleSearchState', {
          timezoneOffset,
          ...(timeZone ? { timeZone } : {}),
          ...(searching === undefined ? {} : { searching }),
        } satisfies Body<'toggleSearchStateBody'>),
      ),
    /** Saves a filter; one without an id is added at the end of the list and answered with its id (docs/PRODUCT.md "Several filters"). */
    saveFilter: (filter: Body<'saveFilterBody'>['filter']) => call<Filter>((http) => http.post('/user/saveFilter', { filter } satisfies Body<'saveFilterBody'>)),
    /** Deletes a filter (never the first); answers the filters left, in order. */
    deleteFilter: (id: string) => call<Filter[]>((http) => http.post('/user/deleteFilter', { id } satisfies Body<'deleteFilterBody'>)),
    /** Puts the filters in this order (every id once; the first is the one the dashboard shows); answers them in order. */
    reorderFilters: (ids: string[]) => call<Filter[]>((http) => http.post('/user/reorderFilters', { ids } satisfies Body<'reorderFiltersBody'>)),
    /** Away dates, hour caps, the weekly pay goal and the travel settings (docs/PRODUCT.md "Work limits"). */
    getWorkLimits: () => call<Body<'workLimitsSchema'>>((http) => http.get('/user/workLimits', LOAD)),
    /** Saves all of them at once; bad values are refused per field. */
    saveWorkLimits: (workLimits: Body<'workLimitsSchema'>) =>
      call<Body<'workLimitsSchema'>>((http) => http.post('/user/saveWorkLimits', { workLimits } satisfies Body<'saveWorkLimitsBody'>)),
    forfeitBlock: (logId: string) => call<null>((http) => http.post('/user/forfeitBlock', { logId } satisfies Body<'forfeitBlockBody'>)),
    /** Accepts a block of the log that only notify filters matched, while it is offered (docs/PRODUCT.md "Notify-only filters"). */
    acceptNotified: (id: string) => call<Body<'acceptNotifiedAnswer'>>((http) => http.post('/user/acceptNotified', { id } satisfies Body<'acceptNotifiedBody'>)),
    startTrial: () => call<null>((http) => http.post('/user/startTrial', {})),
    saveNotificationPreferences: (notificationPreferences: Body<'saveNotificationPreferencesBody'>['notificationPreferences']) =>
      call<null>((http) => http.post('/user/saveNotificationPreferences', { notificationPreferences })),
    /** The devices that receive Web Push, and the server's VAPID public key to subscribe with. */
    getPushDevices: () => call<PushDevices>((http) => http.get('/user/pushDevices', LOAD)),
    /** Saves this browser's push subscription (the same endpoint saved again is updated, not doubled). */
    subscribePush: (subscription: Body<'pushSubscriptionSchema'>) => call<PushDevice>((http) => http.post('/user/pushDevices', subscription)),
    unsubscribePush: (deviceId: string) => call<null>((http) => http.delete(`/user/pushDevices/${encodeURIComponent(deviceId)}`)),
    /** Sends a test on one channel now; the alert says where it went, a failure why not. */
    sendTestNotification: (channel: Body<'sendTestNotificationBody'>['channel']) => call<null>((http) => http.post('/user/sendTestNotification', { channel })),
    /** The account's language: the app opens in it on every device, and e-mails and chat messages are written in it. */
    saveLanguage: (language: Body<'saveLanguageBody'>['language']) => call<null>((http) => http.post('/user/saveLanguage', { language })),
    /** Whether the driver takes promotional e-mails (the e-mailed opt-out link switches them off too). */
    savePromotionalEmails: (promotionalEmails: boolean) =>
      call<null>((http) => http.post('/user/savePromotionalEmails', { promotionalEmails } satisfies Body<'savePromotionalEmailsBody'>)),
    /** The name the dashboard greets the driver with. */
    saveDisplayName: (displayName: string) => call<null>((http) => http.post('/user/saveDisplayName', { displayName } satisfies Body<'saveDisplayNameBody'>)),
    changePassword: (body: Body<'changePasswordBody'>) => call<Session>((http) => http.post('/user/changePassword', body)),
    /** Earnings and the offer funnel over the span's days, summed by the server in the driver's time zone. */
    getStats: (range: Body<'dayRangeQuery'>) => call<DriverStats>((http) => http.get('/user/stats', { ...LOAD, params: range })),
    /** The platform account over the last 7 days as the platform saw the search (docs/LIVE.md "Account health"). */
    getAccountHealth: () => call<AccountHealth>((http) => http.get('/user/accountHealth', LOAD)),
    /** Accepted blocks (not forfeited) starting on the span's days, earliest first. */
    getBlocks: (range: Body<'dayRangeQuery'>) => call<LogEntry[]>((http) => http.get('/user/blocks', { ...LOAD, params: range })),
    /** The private calendar feed link: whether there is one; making one (its URL, shown once) replaces it; revoking ends it. */
    getCalendarFeed: () => call<CalendarFeed>((http) => http.get('/user/calendarFeed', LOAD)),
    rotateCalendarFeed: () => call<CalendarFeed>((http) => http.post('/user/calendarFeed', {})),
    revokeCalendarFeed: () => call<null>((http) => http.delete('/user/calendarFeed')),
  },
  store: {
    getMembershipPlans: () => call<MembershipPlan[]>((http) => http.get('/store/getMembershipPlans', LOAD)),
    /** Returns the checkout URL the browser navigates to. */
    createStripeOrder: (topup_amount: number) => call<string>((http) => http.post('/store/createStripeOrder', { topup_amount } satisfies Body<'createOrderBody'>)),
    buyMembership: (planId: contract.MembershipPlanId) =>
      call<string>((http) => http.post('/store/createStripeOrder', { membership_plan_id: planId } satisfies Body<'createOrderBody'>)),
    /** Truthy once the order is paid. Polled every second. */
    getOrderStatus: (orderStatusId: string) =>
      call<PaidOrder>((http) => http.get('/store/getOrderStatus', { ...LOAD, params: { orderStatusId, time: String(Date.now()) } satisfies Body<'orderStatusQuery'> })),
    /** The automatic top-up: settings, saved card, last charge or failure. */
    getAutoTopUp: () => call<AutoTopUp>((http) => http.get('/store/autoTopUp', LOAD)),
    saveAutoTopUp: (settings: Body<'autoTopUpSettingsSchema'>) => call<AutoTopUp>((http) => http.put('/store/autoTopUp', settings)),
    /** Returns the URL of the page where the driver saves a card. */
    startCardSetup: () => call<string>((http) => http.post('/store/autoTopUp/card', {})),
    removeCard: () => call<AutoTopUp>((http) => http.delete('/store/autoTopUp/card')),
  },
  help: {
    sendQuestion: (body: Body<'supportMessageSchema'>) => call<null>((http) => http.post('/help/sendQuestion', body)),
  },
  knowledgeBase: {
    list: () => call<KnowledgeBaseItem[]>((http) => http.get('/knowledgeBase/', LOAD)),
  },
  /** The server configuration's public part: the support address, the Telegram bot. */
  publicConfig: () => call<PublicConfig>((http) => http.get('/publicConfig', LOAD)),
  /** The one-tap page of an `offered` notification: its token is the authority, no session (docs/PRODUCT.md "Notify-only filters"). */
  offers: {
    /** The block the token names and whether it is still offered; reading accepts nothing. */
    offeredBlock: (token: string) => call<Body<'offeredBlockSchema'>>((http) => http.post('/offers/offeredBlock', { token } satisfies Body<'acceptOfferedBody'>, LOAD)),
    acceptOffered: (token: string) => call<Body<'acceptNotifiedAnswer'>>((http) => http.post('/offers/acceptOffered', { token } satisfies Body<'acceptOfferedBody'>)),
  },
  promotion: {
    optOut: (userId: string) => call<null>((http) => http.post('/promotion/optOut', { userId } satisfies Body<'promotionOptOutBody'>)),
    /** Whether the driver of the opt-out link's key takes promotional e-mails now (the page shows it when it opens). */
    optOutState: (userId: string) => call<{ promotionalEmails: boolean }>((http) => http.post('/promotion/optOutState', { userId } satisfies Body<'promotionOptOutBody'>, LOAD)),
  },
  /** The operator console (docs/OPERATIONS.md); the server answers 403 to anyone but an operator. */
  admin: {
    users: (q: string) => call<AdminUserSummary[]>((http) => http.get('/admin/users', { params: (q ? { q } : {}) satisfies Body<'userSearchQuery'> })),
    user: (id: string) => call<AdminUserDetail>((http) => http.get(`/admin/users/${encodeURIComponent(id)}`)),
    /** `requestKey` is the Idempotency-Key: one per adjustment the operator means, kept across retries of it. */
    adjustCredit: (id: string, body: Body<'creditBody'>, requestKey: string) =>
      call<CreditAdjustmentResult>((http) => http.post(`/admin/users/${encodeURIComponent(id)}/credit`, body, { headers: { 'Idempotency-Key': requestKey } })),
    /** Credit adjustments past their admin's daily bound, waiting for another admin (docs/OPERATIONS.md "Credit adjustments"). */
    adjustments: {
      pending: () => call<CreditAdjustmentRequest[]>((http) => http.get('/admin/adjustments')),
      approve: (id: string, reason: string) =>
        call<CreditAdjustmentRequest>((http) => http.post(`/admin/adjustments/${encodeURIComponent(id)}/approve`, { reason } satisfies Body<'withReason'>)),
    },
    accountAction: (id: string, action: 'stopSearch' | 'suspend' | 'restore', reason: string) =>
      call<null>((http) => http.post(`/admin/users/${encodeURIComponent(id)}/${action}`, { reason } satisfies Body<'withReason'>)),
    setRole: (id: string, role: Body<'setRoleBody'>['role'], reason: string) =>
      call<null>((http) => http.post(`/admin/users/${encodeURIComponent(id)}/role`, { role, reason } satisfies Body<'setRoleBody'>)),
    refundOrder: (orderId: string, reason: string) =>
      call<AdminOrder>((http) => http.post(`/admin/orders/${encodeURIComponent(orderId)}/refund`, { reason } satisfies Body<'withReason'>)),
    tickets: (query: Body<'ticketListQuery'>) => call<TicketSummary[]>((http) => http.get('/admin/tickets', { params: query })),
    ticket: (id: number) => call<Ticket>((http) => http.get(`/admin/tickets/${id}`)),
    replyToTicket: (id: number, text: string) => call<Ticket>((http) => http.post(`/admin/tickets/${id}/reply`, { text } satisfies Body<'ticketReplyBody'>)),
    setTicketStatus: (id: number, status: Body<'ticketStatusBody'>['status']) =>
      call<Ticket>((http) => http.post(`/admin/tickets/${id}/status`, { status } satisfies Body<'ticketStatusBody'>)),
    audit: (query: Omit<Body<'auditQuery'>, 'before'>) => call<AuditEntry[]>((http) => http.get('/admin/audit', { params: query })),
    /** The search engine's last `minutes` minutes and the drivers' search states now (docs/OPERATIONS.md "Engine health"). */
    engineHealth: (minutes: number) => call<EngineHealth>((http) => http.get('/admin/engineHealth', { params: { minutes: String(minutes) } satisfies Body<'engineHealthQuery'> })),
    engineWorkers: () => call<EngineWorkers>((http) => http.get('/admin/engineHealth/workers')),
    knowledgeBase: {
      list: () => call<KnowledgeBaseArticle[]>((http) => http.get('/admin/knowledgeBase')),
      create: (body: Body<'articleBody'>) => call<KnowledgeBaseArticle>((http) => http.post('/admin/knowledgeBase', body)),
      update: (id: number, body: Body<'articleBody'>) => call<KnowledgeBaseArticle>((http) => http.post(`/admin/knowledgeBase/${id}`, body)),
      /** `ids`: every article, in the new order. */
      reorder: (ids: number[]) => call<KnowledgeBaseArticle[]>((http) => http.post('/admin/knowledgeBase/order', { ids } satisfies Body<'articleOrderBody'>)),
      remove: (id: number) => call<null>((http) => http.delete(`/admin/knowledgeBase/${id}`)),
    },
    promotions: {
      list: () => call<Promotion[]>((http) => http.get('/admin/promotions')),
      get: (id: number) => call<Promotion>((http) => http.get(`/admin/promotions/${id}`)),
      /** How many drivers a promotion sent now would reach (opted-out drivers left out). */
      audience: () => call<PromotionAudience>((http) => http.get('/admin/promotions/audience')),
      create: (body: Body<'promotionBody'>) => call<Promotion>((http) => http.post('/admin/promotions', body)),
      update: (id: number, body: Body<'promotionBody'>) => call<Promotion>((http) => http.post(`/admin/promotions/${id}`, body)),
      send: (id: number) => call<Promotion>((http) => http.post(`/admin/promotions/${id}/send`)),
    },
    /** The release registry's per-remote deploy tokens (docs/RELEASES.md "Tokens"); admins only. */
    deployTokens: {
      list: () => call<DeployToken[]>((http) => http.get('/admin/deployTokens')),
      mint: (body: Body<'mintDeployTokenBody'>) => call<MintedDeployToken>((http) => http.post('/admin/deployTokens', body)),
      revoke: (id: string, reason: string) =>
        call<DeployToken>((http) => http.post(`/admin/deployTokens/${encodeURIComponent(id)}/revoke`, { reason } satisfies Body<'withReason'>)),
    },
    /** The release registry's channels and their moves (docs/OPERATIONS.md "Releases"); admins only. */
    releases: {
      list: () => call<ReleaseChannel[]>((http) => http.get('/admin/releases')),
      rollback: (channel: string, body: Body<'releaseRollbackBody'>) =>
        call<ReleaseMoveResult>((http) => http.post(`/admin/releases/channels/${encodeURIComponent(channel)}/rollback`, body)),
      abortCanary: (channel: string, body: Body<'abortCanaryBody'>) =>
        call<ReleaseMoveResult>((http) => http.post(`/admin/releases/channels/${encodeURIComponent(channel)}/abortCanary`, body)),
    },
  },
};

/** The connect call's expected first failure carries the challenge session (docs/PRODUCT.md section 8). */
export type { ChallengeSession };
