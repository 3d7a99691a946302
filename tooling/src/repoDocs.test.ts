/**
 * The docs cannot drift from the code (docs/README.md "Docs that stay true"): every path a doc or
 * comment names exists, every doc section it quotes has that heading, every error code the API
 * answers with is documented, and every file a layer rule names is still there. Each check is
 * tried on a citation that is wrong, so a check that finds nothing proves something.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { citedPaths, citedSections, citingFiles, layerRuleTargets, REPO_ROOT, roomsOfGraphRule, roomsOfLayerSection, sectionExists, serverRooms } from './repoDocs';

const where = (citation: { file: string; line: number; cited: string }) => `${citation.file}:${citation.line} cites ${citation.cited}`;

it('every path from the repo root that a doc or comment names exists', () => {
  const citations = citedPaths();
  expect(citations.length).toBeGreaterThan(100);
  expect(citations.filter((c) => !existsSync(path.join(REPO_ROOT, c.cited))).map(where)).toEqual([]);
});

it('every doc section a doc or comment quotes, by heading or by number, exists', () => {
  const citations = citedSections();
  expect(citations.length).toBeGreaterThan(100);
  expect(citations.filter((c) => !sectionExists(c.cited)).map(where)).toEqual([]);
  expect(sectionExists('ARCHITECTURE.md#5.1')).toBe(true);
  expect(sectionExists('ARCHITECTURE.md#"Layers"')).toBe(true);
  expect(sectionExists('ARCHITECTURE.md#9.9')).toBe(false);
  expect(sectionExists('RELEASES.md#"No such heading"')).toBe(false);
});

it('docs/ERRORS.md lists every error code of the API with the status it is answered with, and no other', () => {
  const table = readFileSync(path.join(REPO_ROOT, 'server/src/http/errorCodes.ts'), 'utf8');
  const answered = Object.fromEntries([...table.matchAll(/(BP_ERR_[A-Z0-9_]+): \{ status: (\d+)/g)].map(([, code, status]) => [code!, Number(status)]));
  expect(Object.keys(answered).length).toBeGreaterThan(40);
  const doc = readFileSync(path.join(REPO_ROOT, 'docs/ERRORS.md'), 'utf8');
  const documented = Object.fromEntries([...doc.matchAll(/^\| `(BP_ERR_[A-Z0-9_]+)` \| (\d+) \|/gm)].map(([, code, status]) => [code!, Number(status)]));
  expect(documented).toEqual(answered);
});

it('the docs index lists every doc of the folder', () => {
  const index = readFileSync(path.join(REPO_ROOT, 'docs/README.md'), 'utf8');
  const docs = readdirSync(path.join(REPO_ROOT, 'docs')).filter((name) => name.endsWith('.md'));
  expect(docs.filter((name) => !index.includes(`](${name})`))).toEqual([]);
});

it('every file and folder a layer rule names exists (a rule naming a deleted file forbids nothing)', () => {
  const targets = layerRuleTargets();
  expect(targets).toEqual(expect.arrayContaining(['server/src/http/errorCodes.ts', 'server/src/engine/']));
  expect(targets.filter((target) => !existsSync(path.join(REPO_ROOT, target)))).toEqual([]);
});

it('reads the sources, configs and docs, and nothing built or installed', () => {
  const files = citingFiles().map((file) => path.relative(REPO_ROOT, file));
  expect(files).toEqual(expect.arrayContaining(['README.md', 'docs/RELEASES.md', 'eslint.config.mjs', 'server/src/app.ts']));
  expect(files.filter((file) => /(^|\/)(node_modules|dist)\//.test(file))).toEqual([]);
});

it('every room of server/src is in a layer of docs/ARCHITECTURE.md section 5.1 and of the graph check, and neither names a room that is gone', () => {
  const rooms = serverRooms();
  expect(rooms).toEqual(expect.arrayContaining(['db/', 'engine/', 'features/', 'main.ts']));
  const documented = roomsOfLayerSection();
  const checked = roomsOfGraphRule();
  expect(rooms.filter((room) => !documented.has(room))).toEqual([]);
  expect([...checked].sort()).toEqual([...rooms].sort());
});
