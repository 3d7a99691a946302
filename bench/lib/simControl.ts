/**
 * The simulator's control API as the race and the soak use it, from a worker thread
 * (./simControlThread.ts) so that injecting offers and reading the record cost the engine's event
 * loop and heap nothing but a message now and then.
 */
import { Worker } from 'node:worker_threads';
import type { ControlReply, ControlRequest, InjectPlan, Injected, WindowSummary } from './simControlThread.js';

export type { CompactAccept, InjectPlan, Injected, WindowSummary } from './simControlThread.js';

const ASK_TIMEOUT_MS = 10 * 60_000;

type Pending = { resolve: (reply: ControlReply) => void; reject: (error: Error) => void };

/** Distributive Omit, so each request kind keeps its own fields. */
type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;

export class SimControl {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private closed = false;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (reply: ControlReply) => {
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if (reply.type === 'error') waiting.reject(new Error(`simulator control: ${reply.message}`));
      else waiting.resolve(reply);
    });
    const failAll = (error: Error) => {
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
    worker.on('error', failAll);
    worker.on('exit', (code) => failAll(new Error(`the control thread exited (${code})`)));
  }

  /**
   * Starts the control thread for the simulator at `simUrl`; polls are judged against
   * `refreshIntervalMs`; a heartbeat request times the simulator's responsiveness every
   * `heartbeatEveryMs` (0: none); the record is read in the background every `readEveryMs` (0:
   * only when asked).
   */
  static start(simUrl: string, { refreshIntervalMs = 1000, heartbeatEveryMs = 0, readEveryMs = 0 } = {}): SimControl {
    // A worker does not inherit tsx's loader: register it in the worker, then load the module.
    const tsx = import.meta.resolve('tsx/esm/api');
    const entry = new URL('./simControlThread.ts', import.meta.url).href;
    const worker = new Worker(`import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(entry)}); });`, {
      eval: true,
      workerData: { simUrl, refreshIntervalMs, heartbeatEveryMs, readEveryMs },
    });
    return new SimControl(worker);
  }

  /** Injects each planned offer at its time; resolves when the last one is in. */
  async inject(plans: InjectPlan[]): Promise<Injected[]> {
    const reply = await this.ask({ type: 'inject', plans });
    if (reply.type !== 'injected') throw new Error(`unexpected reply ${reply.type}`);
    return reply.results;
  }

  /** Starts a new window at the simulator's current position in its record (reads no entry). */
  async mark(): Promise<void> {
    const reply = await this.ask({ type: 'mark' });
    if (reply.type !== 'marked') throw new Error(`unexpected reply ${reply.type}`);
  }

  /**
   * Reads the record up to now and returns the figures of the window since the last mark; `light`
   * leaves out the long lists (every accept, every poll's serving time). A read makes the
   * simulator serialise what is new: between measurements, or often (see `readEveryMs`).
   */
  async read(light = false): Promise<WindowSummary> {
    const reply = await this.ask({ type: 'read', light });
    if (reply.type !== 'summary') throw new Error(`unexpected reply ${reply.type}`);
    return reply.summary;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await this.ask({ type: 'close' }).catch(() => undefined);
    this.closed = true;
    await this.worker.terminate();
  }

  private ask(request: WithoutId<ControlRequest>): Promise<ControlReply> {
    if (this.closed) return Promise.reject(new Error('the control thread is closed'));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      // An injection plan lasts as long as its step; nothing else takes more than a few seconds.
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`simulator control: no answer to ${request.type} in ${ASK_TIMEOUT_MS / 60_000} minutes`));
      }, ASK_TIMEOUT_MS);
      this.pending.set(id, {
        resolve: (reply) => (clearTimeout(timer), resolve(reply)),
        reject: (error) => (clearTimeout(timer), reject(error)),
      });
      this.worker.postMessage({ ...request, id } as ControlRequest);
    });
  }
}
