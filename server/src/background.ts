/**
 * Work a response does not wait for (sending e-mail): started now, its failure logged, and
 * awaited when the app closes so nothing is cut off mid-send. Answers that must not reveal
 * whether an account exists (reset request) also must not wait for a send only some answers do.
 */
import type { FastifyBaseLogger } from 'fastify';

export class BackgroundTasks {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  run(label: string, task: () => Promise<unknown>): void {
    const running = task()
      .then(() => undefined)
      .catch((error: unknown) => this.log.error({ err: error, task: label }, 'background task failed'))
      .finally(() => this.pending.delete(running));
    this.pending.add(running);
  }

  /** Resolves once every task started so far has finished. */
  async drain(): Promise<void> {
    while (this.pending.size) await Promise.all(this.pending);
  }
}
