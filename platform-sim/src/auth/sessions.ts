/**
 * Connected devices and their tokens. A device is made by /auth/register and holds one refresh
 * token; each refresh issues a new access token. Deregistering a device forgets it and its access
 * tokens, so its refresh token is rejected (400) and its access tokens are unknown (401).
 *
 * One live access token per device: a refresh supersedes every earlier token of that device at
 * once (no grace period), and a superseded token answers 403 like an expired one, so a client
 * holding a stale copy goes through its refresh path. Tokens of other devices of the same account
 * are untouched. Old tokens are remembered (answering 403) for one token lifetime after they
 * stopped working, at most {@link MAX_OLD_TOKENS_PER_DEVICE} per device; a forgotten one is
 * unknown (401), as the platform eventually treats a long-dead token.
 */
import { randomUUID } from 'node:crypto';
import { newAccessToken, newRefreshToken } from './secrets.js';

export interface AccessTokenState {
  token: string;
  /** Small number that names the token in the record without exposing it. */
  tokenId: number;
  deviceId: string;
  accountId: string;
  email: string;
  /** Epoch ms; the token answers 403 from then on. */
  expiresAt: number;
  /** Epoch ms a refresh of the same device replaced it (403 from then on); null while it is the newest. */
  supersededAt: number | null;
}

export interface DeviceState {
  deviceId: string;
  accountId: string;
  email: string;
  refreshToken: string;
  clientId: string;
  deviceSerial: string;
  deviceType: string;
  accessTokens: Set<string>;
}

export type AccessCheck =
  { kind: 'valid'; state: AccessTokenState } | { kind: 'expired'; state: AccessTokenState } | { kind: 'superseded'; state: AccessTokenState } | { kind: 'unknown' };

export interface NewDevice {
  accountId: string;
  email: string;
  clientId: string;
  deviceSerial: string;
  deviceType: string;
}

/** Old (superseded or expired) tokens kept per device, so a client refreshing in a loop cannot grow memory. */
export const MAX_OLD_TOKENS_PER_DEVICE = 16;

export class SessionStore {
  private readonly devices = new Map<string, DeviceState>();
  private readonly byRefreshToken = new Map<string, DeviceState>();
  private readonly devicesByAccount = new Map<string, Set<DeviceState>>();
  private readonly accessTokens = new Map<string, AccessTokenState>();
  private nextTokenId = 1;

  constructor(public lifetimeSeconds: number) {}

  register(input: NewDevice, now: number): { device: DeviceState; access: AccessTokenState } {
    const device: DeviceState = { ...input, deviceId: randomUUID(), refreshToken: newRefreshToken(), accessTokens: new Set() };
    this.devices.set(device.deviceId, device);
    this.byRefreshToken.set(device.refreshToken, device);
    let set = this.devicesByAccount.get(device.accountId);
    if (!set) this.devicesByAccount.set(device.accountId, (set = new Set()));
    set.add(device);
    return { device, access: this.issueAccessToken(device, now) };
  }

  /** A new access token for the refresh token, or null when the device is unknown or deregistered. */
  refresh(refreshToken: string, now: number): AccessTokenState | null {
    const device = this.byRefreshToken.get(refreshToken);
    if (!device) return null;
    for (const token of device.accessTokens) {
      const state = this.accessTokens.get(token);
      if (state && state.supersededAt === null) state.supersededAt = now;
    }
    this.forgetOldTokens(device, now);
    return this.issueAccessToken(device, now);
  }

  check(accessToken: string, now: number): AccessCheck {
    const state = this.accessTokens.get(accessToken);
    if (!state) return { kind: 'unknown' };
    if (state.supersededAt !== null && now >= state.supersededAt) return { kind: 'superseded', state };
    return now >= state.expiresAt ? { kind: 'expired', state } : { kind: 'valid', state };
  }

  /** Expires one token now; false when unknown. */
  expireAccessToken(accessToken: string, now: number): boolean {
    const state = this.accessTokens.get(accessToken);
    if (!state) return false;
    state.expiresAt = Math.min(state.expiresAt, now);
    return true;
  }

  /** Expires every token of the account now; returns how many. */
  expireAccount(accountId: string, now: number): number {
    let count = 0;
    for (const device of this.devicesByAccount.get(accountId) ?? []) {
      for (const token of device.accessTokens) if (this.expireAccessToken(token, now)) count++;
    }
    return count;
  }

  devicesOf(accountId: string): DeviceState[] {
    return [...(this.devicesByAccount.get(accountId) ?? [])];
  }

  deviceByRefreshToken(refreshToken: string): DeviceState | undefined {
    return this.byRefreshToken.get(refreshToken);
  }

  deregister(device: DeviceState): void {
    for (const token of device.accessTokens) this.forgetAccessToken(device, token);
    this.devices.delete(device.deviceId);
    this.byRefreshToken.delete(device.refreshToken);
    const set = this.devicesByAccount.get(device.accountId);
    set?.delete(device);
    if (set?.size === 0) this.devicesByAccount.delete(device.accountId);
  }

  get deviceCount(): number {
    return this.devices.size;
  }

  get accessTokenCount(): number {
    return this.accessTokens.size;
  }

  /** Every device, for carrying sessions over a reset. */
  allDevices(): IterableIterator<DeviceState> {
    return this.devices.values();
  }

  private issueAccessToken(device: DeviceState, now: number): AccessTokenState {
    const state: AccessTokenState = {
      token: newAccessToken(),
      tokenId: this.nextTokenId++,
      deviceId: device.deviceId,
      accountId: device.accountId,
      email: device.email,
      expiresAt: now + this.lifetimeSeconds * 1000,
      supersededAt: null,
    };
    this.accessTokens.set(state.token, state);
    device.accessTokens.add(state.token);
    return state;
  }

  /**
   * Forgets the device's tokens that stopped working more than one lifetime ago, then the oldest
   * ones beyond the cap (the set is in issue order). Called before a new token is issued, so the
   * newest token is never among them.
   */
  private forgetOldTokens(device: DeviceState, now: number): void {
    const retentionMs = this.lifetimeSeconds * 1000;
    for (const token of device.accessTokens) {
      const state = this.accessTokens.get(token);
      const stoppedAt = state ? Math.min(state.expiresAt, state.supersededAt ?? Infinity) : -Infinity;
      if (now - stoppedAt >= retentionMs) this.forgetAccessToken(device, token);
    }
    for (const token of device.accessTokens) {
      if (device.accessTokens.size <= MAX_OLD_TOKENS_PER_DEVICE) break;
      this.forgetAccessToken(device, token);
    }
  }

  private forgetAccessToken(device: DeviceState, token: string): void {
    device.accessTokens.delete(token);
    this.accessTokens.delete(token);
  }
}
