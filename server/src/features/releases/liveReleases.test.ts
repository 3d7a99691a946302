/**
 * Moves of the deployment's channel reach every open live stream as one `releases` signal
 * (docs/LIVE.md "New releases"); moves of other channels (staging, a PR's) do not wake every tab.
 */
import { it } from 'node:test';
import { expect } from 'expect';
import pino from 'pino';
import { MemoryLiveEvents } from '../../adapters/live/memoryLiveEvents.js';
import type { LiveSignal } from '../../adapters/live/types.js';
import { announceReleaseMoves } from './liveReleases.js';

it("tells every driver's listeners of each move of the deployment's channel, and of no other channel's", async () => {
  let move: (move: { channel: string; remote: string }) => void = () => undefined;
  const registry = {
    onMove(listener: typeof move) {
      move = listener;
      return () => (move = () => undefined);
    },
  };
  const live = new MemoryLiveEvents(pino({ level: 'silent' }));
  const heard: Array<[string, LiveSignal]> = [];
  for (const driver of ['driver-1', 'driver-2']) live.subscribe(driver, (signal) => heard.push([driver, signal]));
  const stop = announceReleaseMoves(registry, live, 'production');

  move({ channel: 'staging', remote: 'mf_dashboard' });
  move({ channel: 'production', remote: 'mf_dashboard' });
  await new Promise((resolve) => setImmediate(resolve));
  expect(heard).toEqual([
    ['driver-1', { type: 'releases' }],
    ['driver-2', { type: 'releases' }],
  ]);

  stop();
  move({ channel: 'production', remote: 'mf_dashboard' });
  await new Promise((resolve) => setImmediate(resolve));
  expect(heard).toHaveLength(2);
});
