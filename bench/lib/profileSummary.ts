/**
 * A V8 CPU profile (.cpuprofile, from bench/server-api.ts --profile) summed up as tables for
 * BENCHMARKS.md: the functions with the most self time, and self time by package (or by the
 * server's folder), both as shares of the busy time (idle excluded).
 *
 *   cd bench && npx tsx lib/profileSummary.ts FILE.cpuprofile [rows]
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { table } from './report.js';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Where a frame's code lives: a package, the server's or shared's folder, Node itself, or V8. */
function ownerOf({ functionName, url }: ProfileNode['callFrame']): string {
  if (!url) return functionName === '(garbage collector)' ? 'GC' : 'V8 and native code (system calls: writev, read)';
  const pkg = /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.startsWith('node:')) return 'Node core (http, net, streams)';
  if (url.startsWith('wasm://')) return 'PGlite (WebAssembly)';
  const own = /\/(server|shared)\/src\/(.*)/.exec(url);
  return own ? `${own[1]}/src/${own[2]!.split('/').slice(0, 2).join('/')}` : url;
}

function shortLocation({ url, lineNumber }: ProfileNode['callFrame']): string {
  const file = url
    .replace(/^.*node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?/, '')
    .replace(/^.*\/((?:server|shared)\/src\/)/, '$1')
    .replace(/^file:\/\//, '');
  return file ? ` ${file}:${lineNumber + 1}` : '';
}

export function summarizeProfile(file: string, rows = 15): { busyMs: number; functions: string; owners: string } {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const selfTime = new Map<number, number>();
  profile.samples.forEach((id, i) => selfTime.set(id, (selfTime.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const byFunction = new Map<string, number>();
  const byOwner = new Map<string, number>();
  let busy = 0;
  for (const node of profile.nodes) {
    const time = selfTime.get(node.id) ?? 0;
    if (!time || node.callFrame.functionName === '(idle)' || node.callFrame.functionName === '(program)') continue;
    busy += time;
    const name = `\`${node.callFrame.functionName || '(anonymous)'}${shortLocation(node.callFrame)}\``;
    byFunction.set(name, (byFunction.get(name) ?? 0) + time);
    const owner = ownerOf(node.callFrame);
    byOwner.set(owner, (byOwner.get(owner) ?? 0) + time);
  }
  const top = (totals: Map<string, number>) =>
    [...totals]
      .sort((a, b) => b[1] - a[1])
      .slice(0, rows)
      .map(([name, time]) => [`${((100 * time) / busy).toFixed(1)} %`, name]);
  return { busyMs: Math.round(busy / 1000), functions: table(['self time', 'function'], top(byFunction)), owners: table(['self time', 'code'], top(byOwner)) };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const summary = summarizeProfile(process.argv[2]!, Number(process.argv[3] ?? 15));
  console.log(`busy ${summary.busyMs} ms\n\n${summary.functions}\n\n${summary.owners}`);
}
