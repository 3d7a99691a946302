/**
 * Keeps every line the app's logger writes, so a suite can read what would have reached the
 * operator's log. The app builds its pino logger from LOG_LEVEL alone (app.ts), so the capture
 * replaces the root logger's destination; request loggers are pino children, which write to
 * their root's destination, so they are captured too.
 */
import { Writable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';

export interface LogCapture {
  /** Every line written since the capture started, as written (JSON). */
  readonly lines: string[];
}

export function captureLogs(logger: FastifyBaseLogger): LogCapture {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  (logger as unknown as Record<symbol, unknown>)[pino.symbols.streamSym] = destination;
  return { lines };
}
