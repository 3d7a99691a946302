// `npm start`: install, build and start the whole product on embedded defaults (PGlite, the
// platform simulator, the dev checkout, the e-mail outbox). The server prints the URL to open.
import { buildAll, install, ROOT, runOrExit, step } from './lib.mjs';

const started = Date.now();
await install();
await buildAll();
step(`Starting BlockPilot (built in ${Math.round((Date.now() - started) / 1000)} s)`);
await runOrExit('node', ['--enable-source-maps', 'server/dist/main.js'], { cwd: ROOT });
