/**
 * Every message catalog of the workspace (docs/FRONTEND.md, "Languages"): each language has exactly
 * English's keys, every message is valid ICU, and a translation uses the same placeholders as the
 * English it translates (a lost `{amount}` would show a driver a sentence without its money).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { LANGUAGES } from '@blockpilot/shared/constants';
import { CATALOG_FILE, catalogRule, compileCatalog } from './catalogs';

const WORKSPACE = path.resolve(__dirname, '../..');

function catalogFolders(dir: string, found: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const child = path.join(dir, entry.name);
    if (entry.name === 'locales') found.push(child);
    else catalogFolders(child, found);
  }
  return found;
}

/** The placeholder names a compiled message uses, plural and select branches included. */
function placeholders(compiled: unknown, names = new Set<string>()): Set<string> {
  if (Array.isArray(compiled)) {
    for (const token of compiled) {
      if (!Array.isArray(token)) continue;
      const [name, , format] = token as [string, string?, unknown?];
      names.add(name);
      if (format && typeof format === 'object') for (const branch of Object.values(format)) placeholders(branch, names);
    }
  }
  return names;
}

const folders = catalogFolders(WORKSPACE).filter((folder) => !folder.includes(`${path.sep}e2e${path.sep}`));

describe('message catalogs', () => {
  it('are found in the front-end packages', () => {
    expect(folders.map((folder) => path.relative(WORKSPACE, folder))).toEqual(expect.arrayContaining(['shared/src/locales', 'mf-admin/src/locales']));
  });

  describe.each(folders.map((folder) => [path.relative(WORKSPACE, folder), folder]))('%s', (_name, folder) => {
    const read = (language: string) => {
      const file = path.join(folder, `${language}.json`);
      return { file, source: readFileSync(file, 'utf8') };
    };
    const english = read('en');
    const englishCompiled = compileCatalog(english.source, english.file);

    it('holds one file per language the app speaks, named as the build expects', () => {
      expect(readdirSync(folder).sort()).toEqual(LANGUAGES.map((language) => `${language}.json`).sort());
      for (const language of LANGUAGES) expect(CATALOG_FILE.test(path.join(folder, `${language}.json`))).toBe(true);
    });

    it.each(LANGUAGES.filter((language) => language !== 'en'))('%s has exactly the English keys, no empty message, and the same placeholders', (language) => {
      const translation = read(language);
      const compiled = compileCatalog(translation.source, translation.file);
      expect(Object.keys(compiled).sort()).toEqual(Object.keys(englishCompiled).sort());
      for (const [key, message] of Object.entries(JSON.parse(translation.source) as Record<string, string>)) {
        expect({ key, empty: message.trim() === '' }).toEqual({ key, empty: false });
        expect({ key, placeholders: [...placeholders(compiled[key])].sort() }).toEqual({ key, placeholders: [...placeholders(englishCompiled[key])].sort() });
      }
    });
  });

  it('the build compiles each message, and refuses one that is not valid ICU, naming its key', () => {
    expect(catalogRule.parser.parse(JSON.stringify({ hello: 'Hello {name}' }))).toEqual({ hello: ['Hello ', ['name']] });
    expect(() => catalogRule.parser.parse(JSON.stringify({ skipped: '{count, plural, one {# oferta}' }))).toThrow('"skipped" is not a valid ICU message');
    expect(() => compileCatalog(JSON.stringify({ skipped: 3 }), 'x/locales/es.json')).toThrow('x/locales/es.json: "skipped" is not a string');
  });
});
