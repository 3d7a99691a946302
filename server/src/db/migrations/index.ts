/**
 * Every migration, in order. Listed in code (not read from a folder) so the compiled server and
 * the tests run exactly the same set. Names sort by their numeric prefix.
 */
import type { Migration } from 'kysely';
import * as boots from './0001_boots.js';
import * as accounts from './0002_accounts.js';
import * as ledgerAndOrders from './0003_ledger_and_orders.js';
import * as supportAndOutbox from './0004_support_and_outbox.js';
import * as searchEngine from './0005_search_engine.js';
import * as offerLogRetention from './0006_offer_log_retention.js';
import * as userTimeZone from './0007_user_time_zone.js';
import * as hiddenOffers from './0008_hidden_offers.js';
import * as scheduleCache from './0009_schedule_cache.js';
import * as searchStatus from './0010_search_status.js';
import * as hardening from './0011_hardening.js';
import * as operatorConsole from './0012_operator_console.js';
import * as releaseRegistry from './0014_release_registry.js';
import * as autoTopUp from './0015_auto_top_up.js';
import * as knowledgeBase from './0016_knowledge_base.js';
import * as promotions from './0017_promotions.js';
import * as calendarFeeds from './0018_calendar_feeds.js';
import * as filterOrder from './0019_filter_order.js';
import * as pushNotifications from './0020_push_notifications.js';
import * as userLanguage from './0021_user_language.js';
import * as hostedReleases from './0022_hosted_releases.js';
import * as consoleJobsAndHealth from './0023_console_jobs_and_health.js';
import * as releaseMovesPerRemote from './0024_release_moves_per_remote.js';
import * as releaseLoadVotes from './0025_release_load_votes.js';
import * as consoleRolesAndAudit from './0026_console_roles_and_audit.js';
import * as ticketSendersAndAdjustments from './0027_ticket_senders_and_adjustments.js';
import * as releaseFirstLoad from './0028_release_first_load.js';
import * as knowledgeBaseLanguages from './0029_knowledge_base_languages.js';
import * as workLimits from './0030_work_limits.js';
import * as offerRaces from './0032_offer_races.js';
import * as accountHealth from './0033_account_health.js';
import * as backingOff from './0034_backing_off.js';
import * as notifyFilters from './0035_notify_filters.js';

export const migrations: Record<string, Migration> = {
  '0001_boots': boots,
  '0002_accounts': accounts,
  '0003_ledger_and_orders': ledgerAndOrders,
  '0004_support_and_outbox': supportAndOutbox,
  '0005_search_engine': searchEngine,
  '0006_offer_log_retention': offerLogRetention,
  '0007_user_time_zone': userTimeZone,
  '0008_hidden_offers': hiddenOffers,
  '0009_schedule_cache': scheduleCache,
  '0010_search_status': searchStatus,
  '0011_hardening': hardening,
  '0012_operator_console': operatorConsole,
  '0014_release_registry': releaseRegistry,
  '0015_auto_top_up': autoTopUp,
  '0016_knowledge_base': knowledgeBase,
  '0017_promotions': promotions,
  '0018_calendar_feeds': calendarFeeds,
  '0019_filter_order': filterOrder,
  '0020_push_notifications': pushNotifications,
  '0021_user_language': userLanguage,
  '0022_hosted_releases': hostedReleases,
  '0023_console_jobs_and_health': consoleJobsAndHealth,
  '0024_release_moves_per_remote': releaseMovesPerRemote,
  '0025_release_load_votes': releaseLoadVotes,
  '0026_console_roles_and_audit': consoleRolesAndAudit,
  '0027_ticket_senders_and_adjustments': ticketSendersAndAdjustments,
  '0028_release_first_load': releaseFirstLoad,
  '0029_knowledge_base_languages': knowledgeBaseLanguages,
  '0030_work_limits': workLimits,
  '0032_offer_races': offerRaces,
  '0033_account_health': accountHealth,
  '0034_backing_off': backingOff,
  '0035_notify_filters': notifyFilters,
};
