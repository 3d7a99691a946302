// `npm start`: install, build and start the whole product on embedded defaults (PGlite, the
// platform simulator, the dev checkout, the e-mail outbox) with dev mode on, so their dev tools
// answer this machine's browser. The server prints the URL to open and says dev mode is on.
import { buildAll, install, ROOT, runOrExit, step } from './lib.mjs';

const started = Date.now();
await install();
await buildAll();
step(`Starting BlockPilot (built in ${Math.round((Date.now() - started) / 1000)} s)`);
await runOrExit('node', ['--enable-source-maps', 'server/dist/main.js'], { cwd: ROOT, env: { DEV_MODE: process.env.DEV_MODE ?? 'on' } });
