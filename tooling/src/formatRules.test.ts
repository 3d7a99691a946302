/**
 * Money and moments have one writer, shared/src/format.ts (docs/FRONTEND.md "Money and dates"):
 * ESLint refuses `toFixed(2)` and the browser's own `toLocale*String` anywhere else in the
 * product's sources. Tried on code that breaks the rule, so a rule that stopped matching fails here.
 */
import { execFileSync } from 'node:child_process';
import { REPO_ROOT } from './repoDocs';

/** Each sample's no-restricted-syntax messages, linted as if it were that file (one ESLint run in Node: jest cannot load the config's ES module). */
function messagesFor(samples: Array<[file: string, code: string]>): string[][] {
  const script = `
    import { ESLint } from 'eslint';
    const eslint = new ESLint({ cwd: process.cwd() });
    const samples = JSON.parse(process.argv[1]);
    const out = [];
    for (const [file, code] of samples) {
      const [result] = await eslint.lintText(code, { filePath: file });
      out.push(result.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message));
    }
    console.log(JSON.stringify(out));`;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script, JSON.stringify(samples)], { cwd: REPO_ROOT, encoding: 'utf8' }));
}

it('refuses money written with toFixed(2) and moments written by the browser, in the server and the front end alike', () => {
  const money = 'export const credit = (cents: number) => `$${(cents / 100).toFixed(2)}`;\n';
  const moment = 'export const when = (at: number) => new Date(at).toLocaleString();\n';
  const product = ['server/src/features/store/x.ts', 'mf-dashboard/src/x.tsx', 'shell/src/x.ts'];
  const [refusals, allowed] = [
    product.flatMap((file): Array<[string, string]> => [
      [file, money],
      [file, moment],
    ]),
    // The formatter itself, a measure with another number of decimals, and tests are free to.
    [
      ['shared/src/format.ts', money],
      ['mf-admin/src/x.ts', 'export const ms = (v: number) => v.toFixed(1);\n'],
      ['server/src/x.test.ts', money],
    ] as Array<[string, string]>,
  ];
  const found = messagesFor([...refusals, ...allowed]);
  expect(found.slice(0, refusals.length)).toEqual(
    product.flatMap(() => [[expect.stringContaining('formatCents/formatMoney of shared/src/format.ts')], [expect.stringContaining('go through shared/src/format.ts')]]),
  );
  expect(found.slice(refusals.length)).toEqual([[], [], []]);
}, 60_000);
