/** Runs every benchmark in turn; each writes its own section of BENCHMARKS.md. */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const scripts = readdirSync(import.meta.dirname).filter((f) => f.endsWith('.ts') && f !== 'run-all.ts');
for (const script of scripts) {
  console.log(`\n=== ${script}`);
  const { status } = spawnSync('npx', ['tsx', script], { cwd: import.meta.dirname, stdio: 'inherit' });
  if (status !== 0) process.exitCode = 1;
}
