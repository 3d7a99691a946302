/**
 * The control operations (tests and benchmarks only), in-process. The HTTP control API calls
 * these same functions, so both paths validate and behave identically.
 */
import { userIdForEmail } from './accounts.js';
import type { DeviceState } from './auth/sessions.js';
import { FaultPlan, parseFaultConfig } from './faults.js';
import { parseInjectOfferInput } from './offers/inject.js';
import { findViolations } from './recordAnalysis.js';
import { serviceAreaInfo } from './serviceAreas.js';
import type { DeviceTarget, FaultConfig, SimulatorControl, SimulatorStateSummary, TokenTarget } from './types.js';
import { InputError, asObject, optionalString } from './validate.js';
import { parsePaceSettings } from './workApi/pace.js';
import type { SimulatorRuntime } from './world.js';

export function createControl(runtime: SimulatorRuntime): SimulatorControl {
  const state = (): SimulatorStateSummary => {
    const w = runtime.world;
    return {
      seed: w.options.seed,
      now: w.now(),
      regions: [...w.options.regions],
      serviceAreas: w.catalog.list.map(serviceAreaInfo),
      accounts: w.accounts.size,
      devices: w.sessions.deviceCount,
      accessTokens: w.sessions.accessTokenCount,
      offersInMemory: w.offers.size,
      nextSeq: w.record.nextSeq,
      refreshIntervalMs: w.pace.refreshIntervalMs,
    };
  };

  return {
    reset(options = {}) {
      runtime.reset(options);
      return state();
    },

    injectOffer(input = {}) {
      const w = runtime.world;
      return w.offers.inject(parseInjectOfferInput(input), w.now()).wire;
    },

    listOffers(serviceAreaId) {
      const w = runtime.world;
      const ids = serviceAreaId === undefined ? w.catalog.list.map((a) => a.serviceAreaId) : [serviceAreaId];
      return w.offers.listVisible(ids, w.now(), w.preciseNow());
    },

    setFaults(config: FaultConfig) {
      const w = runtime.world;
      w.faults = new FaultPlan(parseFaultConfig(config), w.seed);
      return w.faults.config();
    },

    getFaults() {
      return runtime.world.faults.config();
    },

    expireToken(target: TokenTarget) {
      const w = runtime.world;
      const t = asObject(target, 'target');
      const accessToken = optionalString(t, 'accessToken');
      const accountId = optionalString(t, 'accountId');
      if (accessToken !== undefined) return { expired: w.sessions.expireAccessToken(accessToken, w.now()) ? 1 : 0 };
      if (accountId !== undefined) return { expired: w.sessions.expireAccount(accountId, w.now()) };
      throw new InputError('give accessToken or accountId');
    },

    deregisterDevice(target: DeviceTarget) {
      const w = runtime.world;
      const t = asObject(target, 'target');
      const refreshToken = optionalString(t, 'refreshToken');
      const accountId = optionalString(t, 'accountId');
      const email = optionalString(t, 'email');
      let devices: DeviceState[];
      if (refreshToken !== undefined) {
        const device = w.sessions.deviceByRefreshToken(refreshToken);
        devices = device ? [device] : [];
      } else if (accountId !== undefined || email !== undefined) {
        devices = w.sessions.devicesOf(accountId ?? userIdForEmail(email as string));
      } else {
        throw new InputError('give refreshToken, accountId or email');
      }
      for (const device of devices) w.sessions.deregister(device);
      return { deregistered: devices.length };
    },

    setPace(settings) {
      const w = runtime.world;
      w.pace.refreshIntervalMs = parsePaceSettings(settings).refreshIntervalMs;
      return { refreshIntervalMs: w.pace.refreshIntervalMs };
    },

    getPace() {
      return { refreshIntervalMs: runtime.world.pace.refreshIntervalMs };
    },

    readRecord(query = {}) {
      return runtime.world.record.read(query);
    },

    findViolations(options = {}) {
      return findViolations(runtime.world.record.all(), options);
    },

    setEligibleAreas(accountId, serviceAreaIds) {
      const account = runtime.world.accounts.get(accountId);
      if (!account) throw new InputError(`unknown account ${accountId}`);
      if (!Array.isArray(serviceAreaIds) || serviceAreaIds.some((id) => !account.pool.some((area) => area.serviceAreaId === id))) {
        throw new InputError("serviceAreaIds must name areas of the account's region");
      }
      account.eligibleAreaIds = [...new Set(serviceAreaIds)];
    },

    schedule(accountId) {
      const w = runtime.world;
      return [...(w.accounts.get(accountId)?.schedule.list(w.now()) ?? [])];
    },

    state,
  };
}
