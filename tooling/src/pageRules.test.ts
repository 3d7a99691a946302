/**
 * Page addresses are written once, in shared/src/pages.ts (docs/FRONTEND.md "Pages"): ESLint
 * refuses a string or template part holding one anywhere else in the product's sources. Tried on
 * every page of the table, so a page the rule does not know fails here.
 */
import { PAGES, SUB_PAGES, type Page } from '@blockpilot/shared/pages';
import { restrictedSyntaxMessages } from './lintSamples';

const REFUSAL = expect.stringContaining('@blockpilot/shared/pages, never a string: docs/FRONTEND.md "Pages"');

it('refuses every page address written outside the page table, in the server and the front end alike', () => {
  // The catch-alls' `/` is every path's start: no rule can tell it from any other.
  const pages: Page[] = Object.values(PAGES);
  const addresses = [...pages.map((page) => page.path).filter((path) => path !== '/'), ...Object.values(SUB_PAGES).flatMap((subPages) => Object.values(subPages))]
    // The address as a link writes it: parameters filled in.
    .map((path) => path.replace(/:\w+/g, 'x-1'));
  const refusals = addresses.flatMap((address): Array<[string, string]> => [
    ['mf-dashboard/src/x.tsx', `export const to = <a href="${address}" />;\n`],
    ['server/src/features/store/x.ts', `export const link = (origin: string) => \`\${origin}${address}?from=mail\`;\n`],
    ['shell/src/x.ts', `export const to = '${address}';\n`],
  ]);
  // The table itself, tests (which pin the real URLs), the API's own paths and other words with a page's start are free to.
  const allowed: Array<[string, string]> = [
    ['shared/src/pages.ts', "export const to = '/dashboard';\n"],
    ['mf-account/src/x.test.tsx', "export const to = '/account/credit';\n"],
    ['shared/src/api/endpoints.ts', "export const users = '/admin/users';\n"],
    ['platform-sim/src/x.ts', "export const to = '/accounts/x';\n"],
    ['mf-admin/src/x.ts', "export const to = '/administrator';\n"],
  ];
  const found = restrictedSyntaxMessages([...refusals, ...allowed]);
  expect(refusals.map(([file, code], index) => [file, code, found[index]])).toEqual(refusals.map(([file, code]) => [file, code, [REFUSAL]]));
  expect(found.slice(refusals.length)).toEqual(allowed.map(() => []));
}, 60_000);
