// `npm run graph`: writes docs/IMPORTS.md, the import graph as dependency-cruiser sees it (the same
// rules `npm test` enforces), drawn as Mermaid: the workspace's packages, then the server's
// folders (its layers, docs/ARCHITECTURE.md section 5.1). Tests and test support are left out.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { IMPORT_GRAPH_ROOTS } from './lib.mjs';

const NOT_TESTS = '\\.test\\.tsx?$|__tests__|^server/test/|/hardening/|/mock/';

function mermaid(args) {
  return execFileSync('npx', ['--no-install', 'depcruise', '--config', '.dependency-cruiser.cjs', '--exclude', NOT_TESTS, '--output-type', 'mermaid', ...args], {
    encoding: 'utf8',
    cwd: new URL('..', import.meta.url).pathname,
  }).trim();
}

const packages = mermaid(['--include-only', '^(server|shared|shell|mf-[a-z]+|platform-sim)/', '--collapse', '^[a-z-]+/', ...IMPORT_GRAPH_ROOTS.filter((root) => root !== 'bench')]);
const server = mermaid(['--include-only', '^server/src', '--collapse', '^server/src/[^/]+', 'server/src']);

writeFileSync(
  new URL('../docs/IMPORTS.md', import.meta.url),
  `# Import graph

Written by \`npm run graph\` from the source (tests and test support left out). \`npm test\` checks
the rules behind it with dependency-cruiser (\`.dependency-cruiser.cjs\`): no import cycle, the
server's layers import only downwards (docs/ARCHITECTURE.md section 5.1), remotes meet only through
\`shared\`, and production code never imports test support.

## Packages

\`\`\`mermaid
${packages}
\`\`\`

## The server's folders

\`\`\`mermaid
${server}
\`\`\`
`,
);
console.log('docs/IMPORTS.md written');
