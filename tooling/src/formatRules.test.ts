/**
 * Money and moments have one writer, shared/src/format.ts (docs/FRONTEND.md "Money and dates"):
 * ESLint refuses `toFixed(2)` and the browser's own `toLocale*String` anywhere else in the
 * product's sources. Tried on code that breaks the rule, so a rule that stopped matching fails here.
 */
import { restrictedSyntaxMessages as messagesFor } from './lintSamples';

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
