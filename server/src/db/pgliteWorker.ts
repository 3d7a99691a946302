/**
 * The worker thread that holds PGlite (started by pgliteThread.ts): it opens PGlite on the data
 * it is given and runs each statement it is sent, one after the other, on the same prepared
 * statements as PGlite in a server's own thread (pgliteDialect.ts).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { PGliteConnection } from './pgliteDialect.js';
import { errorFields, JSON_TYPES, type FromPGliteThread, type PGliteThreadOptions, type ToPGliteThread } from './pgliteThread.js';

const port = parentPort!;
const { dataDir, loadDataDir } = workerData as PGliteThreadOptions;
// JSON values stay text here and are parsed on the server's side (JSON_TYPES in pgliteThread.ts):
// parsed here, their whole tree would be copied across and rebuilt there (a log page is one).
const keepText = (text: string) => text;
const parsers = Object.fromEntries(JSON_TYPES.map((type) => [type, keepText]));
const pglite = new PGlite(dataDir, { parsers, ...(loadDataDir ? { loadDataDir } : {}) });
const connection = new PGliteConnection(pglite);
const post = (message: FromPGliteThread) => port.postMessage(message);

pglite.waitReady.then(
  () => post({ ready: true }),
  (error: unknown) => post({ failed: errorFields(error) }),
);

async function handle(message: ToPGliteThread): Promise<void> {
  try {
    if ('close' in message) {
      await pglite.close();
      post({ id: message.id, rows: [], jsonColumns: [] });
      return;
    }
    const { rows, fields, affectedRows } = await connection.run<Record<string, unknown>>(message);
    const jsonColumns = fields.filter((field) => JSON_TYPES.includes(field.dataTypeID)).map((field) => field.name);
    post({ id: message.id, rows, jsonColumns, ...(affectedRows !== undefined ? { numAffectedRows: affectedRows } : {}) });
  } catch (error) {
    post({ id: message.id, error: errorFields(error) });
  }
}

// One statement at a time, in the order sent (the dialect sends one at a time already).
let queue = Promise.resolve();
port.on('message', (message: ToPGliteThread) => {
  queue = queue.then(() => handle(message));
});
