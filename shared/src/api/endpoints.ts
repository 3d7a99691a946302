/**
 * Every call of SPEC.md section 7, typed. Screens call these, never axios directly. Paths the spec
 * leaves open live under /api/user (DESIGN.md "API").
 */
import type { CountryCode } from '../constants';
import type {
  Account,
  ChallengeSession,
  Filter,
  KnowledgeBaseItem,
  LogEntry,
  LogQuery,
  MembershipPlan,
  NotificationPreferences,
  ScheduledBlock,
  ServiceArea,
  Session,
  SupportMessage,
} from '../types';
import { call } from './client';

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
}

export const api = {
  auth: {
    login: (body: { emailAddress: string; password: string }) => call<Session>((http) => http.post('/auth/login', body)),
    register: (body: RegisterRequest) => call<Session>((http) => http.post('/auth/register', body)),
    requestResetPasswordLink: (body: { emailAddress: string }) => call<null>((http) => http.post('/auth/requestResetPasswordLink', body)),
    /** Change a forgotten password with the reset token from the e-mailed link. */
    changePassword: (resetToken: string, body: { password: string; confirmPassword: string }) =>
      call<Session>((http) => http.post('/auth/changePassword', body, { headers: { Authorization: `Bearer ${resetToken}` } })),
    logout: () => call<null>((http) => http.post('/auth/logout', {})),
  },
  user: {
    get: () => call<Account>((http) => http.get('/user')),
    locale: () => call<{ locale: string }>((http) => http.get('/user/locale')),
    connectAccount: (body: ConnectAccountRequest) => call<null>((http) => http.post('/user/connectAccount', body)),
    getLogs: (query: LogQuery) => call<LogEntry[]>((http) => http.post('/user/getLogs', { query })),
    getServiceAreas: () => call<ServiceArea[]>((http) => http.post('/user/getServiceAreas', {})),
    getSearchState: () => call<boolean>((http) => http.get('/user/getSearchState')),
    getSchedule: () => call<ScheduledBlock[]>((http) => http.get('/user/getSchedule')),
    /**
     * Start or Stop. `timezoneOffset` is `Date.getTimezoneOffset()`; `timeZone`, the browser's IANA
     * zone, lets the server follow daylight-saving changes (left out when the browser names none).
     * `searching` is the state the driver wants: a Stop sent twice (or from a stale screen) never
     * starts the search; without it the server toggles.
     */
    toggleSearchState: (timezoneOffset: number, timeZone?: string, searching?: boolean) =>
      call<{ searching: boolean }>((http) =>
        http.post('/user/toggleSearchState', {
          timezoneOffset,
          ...(timeZone ? { timeZone } : {}),
          ...(searching === undefined ? {} : { searching }),
        } satisfies ToggleSearchStateRequest),
      ),
    saveFilter: (filter: Filter) => call<Filter>((http) => http.post('/user/saveFilter', { filter })),
    forfeitBlock: (logId: string) => call<null>((http) => http.post('/user/forfeitBlock', { logId })),
    startTrial: () => call<null>((http) => http.post('/user/startTrial', {})),
    saveNotificationPreferences: (notificationPreferences: NotificationPreferences) =>
      call<null>((http) => http.post('/user/saveNotificationPreferences', { notificationPreferences })),
    changePassword: (body: { currentPassword: string; newPassword: string; confirmNewPassword: string }) =>
      call<Session>((http) => http.post('/user/changePassword', body)),
  },
  store: {
    getMembershipPlans: () => call<MembershipPlan[]>((http) => http.get('/store/getMembershipPlans')),
    /** Returns the checkout URL the browser navigates to. */
    createStripeOrder: (topup_amount: number) => call<string>((http) => http.post('/store/createStripeOrder', { topup_amount })),
    buyMembership: (planId: string) => call<string>((http) => http.post('/store/createStripeOrder', { membership_plan_id: planId })),
    /** Truthy once the order is paid. Polled every second, so its failures raise no toast. */
    getOrderStatus: (orderStatusId: string) =>
      call<unknown>((http) => http.get('/store/getOrderStatus', { params: { orderStatusId, time: Date.now() }, quietErrors: true })),
  },
  help: {
    sendQuestion: (body: SupportMessage) => call<null>((http) => http.post('/help/sendQuestion', body)),
  },
  knowledgeBase: {
    list: () => call<KnowledgeBaseItem[]>((http) => http.get('/knowledgeBase/')),
  },
  promotion: {
    optOut: (userId: string) => call<null>((http) => http.post('/promotion/optOut', { userId })),
  },
};

/** The connect call's expected first failure carries the challenge session (SPEC.md section 8). */
export type { ChallengeSession };
