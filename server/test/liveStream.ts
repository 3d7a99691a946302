/** A device's live stream (docs/LIVE.md "The live stream") as the route tests read it: fetch with the bearer header, every event kept in order. */
import { expect } from 'expect';
import type { LiveEvent } from '@blockpilot/shared/types';
import { bearer } from './app.js';

/** One device's live stream: every event it received, in order. */
export interface Device {
  events: LiveEvent[];
  close(): void;
}

/** Opens the live stream as a browser would and collects its events until closed. */
export async function openDevice(baseUrl: string, token: string): Promise<Device> {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/user/events`, { headers: bearer(token), signal: controller.signal });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const events: LiveEvent[] = [];
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body!) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block.split('\n').find((line) => line.startsWith('data: '));
          if (data) events.push(JSON.parse(data.slice(6)) as LiveEvent);
        }
      }
    } catch {
      // closed by the test
    }
  })();
  return { events, close: () => controller.abort() };
}
