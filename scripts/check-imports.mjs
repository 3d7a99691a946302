// The import graph's rules (`.dependency-cruiser.cjs`) over every package's source: part of `npm run lint`.
import { IMPORT_GRAPH_ROOTS, runOrExit } from './lib.mjs';

await runOrExit('npx', ['--no-install', 'depcruise', '--config', '.dependency-cruiser.cjs', ...IMPORT_GRAPH_ROOTS]);
