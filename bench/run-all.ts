/**
 * Runs every benchmark in turn; each writes its own section of BENCHMARKS.md. The live race
 * (race.ts) runs with the others; the soak (soak.ts) takes 30 minutes, so it runs only with
 * `--soak` (`npm run bench -- --soak`), or on its own.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const LONG_RUNNING = new Set(['soak.ts']);
const withSoak = process.argv.includes('--soak');

const scripts = readdirSync(import.meta.dirname).filter((f) => f.endsWith('.ts') && f !== 'run-all.ts' && (withSoak || !LONG_RUNNING.has(f)));
for (const script of scripts) {
  console.log(`\n=== ${script}`);
  const { status } = spawnSync('npx', ['tsx', '--conditions=@blockpilot/source', script], { cwd: import.meta.dirname, stdio: 'inherit' });
  if (status !== 0) process.exitCode = 1;
}
