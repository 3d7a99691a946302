/** Lints code samples as if they were files of the workspace, for the tests of its ESLint rules. */
import { execFileSync } from 'node:child_process';
import { REPO_ROOT } from './repoDocs';

/** Each sample's no-restricted-syntax messages, linted as if it were that file (one ESLint run in Node: jest cannot load the config's ES module). */
export function restrictedSyntaxMessages(samples: Array<[file: string, code: string]>): string[][] {
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
