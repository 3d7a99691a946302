// `node scripts/pnpm.mjs <args>`: the workspace's pinned pnpm, with nothing but Node and npm installed.
import { pnpm } from './lib.mjs';

await pnpm(process.argv.slice(2));
