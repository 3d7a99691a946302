/**
 * Prints the e-mail the embedded mail adapter kept (reset links, support questions...):
 *
 *   node server/dist/cli/outbox.js [--to driver@example.com] [--limit 10] [--json]
 *
 * It asks the running server (GET /dev/outbox on PORT) first, because an embedded PGlite folder
 * can be open in one process only; with no server running it opens the database itself.
 */
import { parseArgs } from 'node:util';
import { readOutbox, type OutboxMessage } from '../adapters/mail/outboxMailer.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/index.js';
import type { ServerConfig } from '../config.js';

/** The kept messages from the server at `port`, or null when no server answers there. */
async function fromServer(port: number, query: URLSearchParams): Promise<OutboxMessage[] | null> {
  let response: Response;
  try {
    response = await fetch(`http://127.0.0.1:${port}/dev/outbox?${query}`);
  } catch {
    return null;
  }
  if (response.status === 404) throw new Error('The running server sends e-mail over SMTP (SMTP_URL is set): it keeps no outbox.');
  if (!response.ok) throw new Error(`The server answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { data: OutboxMessage[] }).data;
}

async function fromDatabase(config: ServerConfig, to: string | undefined, limit: number): Promise<OutboxMessage[]> {
  const database = await openDatabase(config.database);
  try {
    return await readOutbox(database.db, { ...(to ? { to } : {}), limit });
  } finally {
    await database.close();
  }
}

export function formatMessage(message: OutboxMessage): string {
  const lines = [`#${message.id}  ${message.createdAt}`, `To: ${message.to}`];
  if (message.replyTo) lines.push(`Reply-To: ${message.replyTo}`);
  lines.push(`Subject: ${message.subject}`, '', message.text, '');
  return lines.join('\n');
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { to: { type: 'string' }, limit: { type: 'string', default: '20' }, json: { type: 'boolean', default: false } } });
  const limit = Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 999) throw new Error('--limit must be a whole number from 1 to 999');
  const config = loadConfig();
  const query = new URLSearchParams({ limit: String(limit), ...(values.to ? { to: values.to } : {}) });
  const messages = (await fromServer(config.port, query)) ?? (await fromDatabase(config, values.to, limit));
  if (values.json) console.log(JSON.stringify(messages, null, 2));
  else console.log(messages.length ? messages.map(formatMessage).join('\n') : 'The outbox is empty.');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
