/**
 * What `npm run build` compiles into dist is production code only: test support lives in
 * server/test/, outside src/, and the tests beside the code, which tsconfig.build.json leaves out. An exclude
 * only drops a file as a root: a production file that imports test support would pull it back in.
 * So this walks the very program the build compiles, imports included, and asserts that no file of
 * it is a test, test support, or loads the test runner (docs/ARCHITECTURE.md section 8).
 */
import { it } from 'node:test';
import { dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'expect';
import ts from 'typescript';

const SERVER = dirname(dirname(fileURLToPath(import.meta.url)));

function buildProgram(): ts.Program {
  const configFile = ts.findConfigFile(SERVER, ts.sys.fileExists, 'tsconfig.build.json')!;
  const { config } = ts.readConfigFile(configFile, ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, SERVER);
  return ts.createProgram({ rootNames: parsed.fileNames, options: { ...parsed.options, noEmit: true } });
}

/** Why a file of the server must not be in the build, or null when it may. */
export function testCodeReason(path: string, text: string): string | null {
  if (/\.test\.tsx?$/.test(path)) return 'is a test';
  if (/^test\//.test(path) || /(^|\/)__tests__\//.test(path)) return 'is test support';
  if (/from ['"]node:test['"]/.test(text)) return 'imports node:test';
  return null;
}

it('flags a test, test support and a file that loads the test runner', () => {
  expect(testCodeReason('src/app.test.ts', '')).toBe('is a test');
  expect(testCodeReason('test/hardening/hardenedApp.ts', '')).toBe('is test support');
  expect(testCodeReason('src/scaling/leases.ts', "import { describe } from 'node:test';")).toBe('imports node:test');
  expect(testCodeReason('src/scaling/leases.ts', "import { setTimeout } from 'node:timers/promises';")).toBeNull();
});

it('the production build compiles no test code, imports followed', () => {
  const program = buildProgram();
  const ours = program.getSourceFiles().filter((file) => !file.isDeclarationFile && /^(src|test)\//.test(relative(SERVER, file.fileName)));
  expect(ours.length).toBeGreaterThan(100);
  const offenders = ours.flatMap((file) => {
    const path = relative(SERVER, file.fileName);
    const reason = testCodeReason(path, file.text);
    return reason ? [`${path} ${reason}`] : [];
  });
  expect(offenders).toEqual([]);
});
