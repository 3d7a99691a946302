/**
 * The floor of bench/server-api.ts: what this machine answers for the same two reads with nothing
 * of the product's HTTP stack, so the product's figures can be read against it. A bare `node:http`
 * server (no Fastify, no session check, no body schema, no response schema: `JSON.stringify`) in
 * the API server's process, on the same database and the same rows, reached the way the product
 * reaches it (Kysely's connection, with PostgreSQL's named prepared statements; Kysely itself is
 * about 1 % of a request, BENCHMARKS.md "Server API: where the time goes, and the floor"):
 *
 * - `GET /user`: the driver's user row with their filters and notification choices (as JSON
 *   arrays, as the product reads them), one statement;
 * - `POST /logs`: the driver's newest 50 log entries, one statement, the simplest page query (no
 *   edge subquery for a group that runs past the page, no mapping into the client's entry); on
 *   PGlite as one JSON value, as the product reads it there (features/logs/query.ts).
 *
 * It runs only while the product's server is idle (the parent measures one at a time).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { CompiledQuery } from 'kysely';
import type { Database } from '@blockpilot/server';

const USER_ROW = `select users.*,
  (select coalesce(json_agg(filters order by position), '[]') from filters where filters.user_id = users.id) as filter_rows,
  (select coalesce(json_agg(notification_events), '[]') from notification_events where notification_events.user_id = users.id) as event_rows
  from users where id = $1`;
const LOG_PAGE = `select id, action, reason, start_time, end_time, service_area_id, price_amount, currency, cost_cents,
  overlap_start_time, overlap_service_area_id, floor(extract(epoch from discovered_at) * 1000)::float8 as discovered_ms
  from offer_logs where user_id = $1 and forfeited_at is null order by discovered_at desc, id desc limit 50`;

/** Starts the floor server for one driver's rows; resolves to its base URL and how to close it. */
export async function startFloorServer(database: Database, userId: string): Promise<{ base: string; close(): Promise<void> }> {
  const logPage = database.kind === 'pglite' ? `select json_agg(entry) as entries from (${LOG_PAGE}) entry` : LOG_PAGE;
  const rows = async (text: string) => (await database.db.executeQuery(CompiledQuery.raw(text, [userId]))).rows;
  const server = http.createServer((request, response) => {
    // The request's body (getLogs' query) is read and dropped: the floor always answers the newest page.
    request.resume();
    request.on('end', () => {
      const read = request.url === '/user' ? rows(USER_ROW).then(([user]) => user) : rows(logPage);
      read.then(
        (data) => {
          response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
          response.end(JSON.stringify({ data }));
        },
        (error: unknown) => {
          response.writeHead(500);
          response.end(String(error));
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
