/**
 * Benchmarks print their figures and write them into BENCHMARKS.md, each into its own section
 * between `<!-- bench:NAME -->` markers, so every script updates only what it measured.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const WORKSPACE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const FILE = path.join(WORKSPACE, 'BENCHMARKS.md');

/** One line saying where and when a figure was measured. */
export function machineLine(): string {
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  return `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${os.cpus().length} × ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}.`;
}

export function writeSection(name: string, markdown: string): void {
  const start = `<!-- bench:${name} -->`;
  const end = `<!-- /bench:${name} -->`;
  const block = `${start}\n${markdown.trim()}\n${end}`;
  let doc = existsSync(FILE)
    ? readFileSync(FILE, 'utf8')
    : '# Benchmarks\n\nFigures written by the scripts under `bench/` (`npm run bench`, or one script with `cd bench && npx tsx --conditions=@blockpilot/source <script>.ts`).\n';
  const at = doc.indexOf(start);
  doc = at >= 0 ? doc.slice(0, at) + block + doc.slice(doc.indexOf(end) + end.length) : `${doc.trimEnd()}\n\n${block}\n`;
  writeFileSync(FILE, doc);
  console.log(`\nBENCHMARKS.md: section "${name}" updated`);
}

export function table(header: string[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
