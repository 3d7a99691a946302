/** A built front end in miniature: the shell and a remote with hashed and entry files, and the landing remote's prerendered page. */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export function fakeFrontend(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'bp-frontend-'));
  const write = (file: string, body: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), body);
  };
  write('shell/dist/index.html', '<!doctype html><title>shell</title><div id="root"><div data-prerendered-outlet=""></div></div>');
  write('shell/dist/main.0123abcd.js', 'console.log("shell")');
  write('shell/dist/main.0123abcd.js.map', '{"version":3,"sourcesContent":["the original source"]}');
  write('shell/dist/logo.png', 'png');
  write('mf-auth/dist/mf-manifest.json', '{"id":"mf_auth"}');
  write('mf-auth/dist/remoteEntry.js', 'var mf_auth;');
  write('mf-auth/dist/301.89abcdef.js', 'chunk');
  write('mf-auth/dist/301.89abcdef.js.map', '{"version":3,"sourcesContent":["the original source"]}');
  write('mf-landing/dist/prerender/landing.html', '<main>prerendered landing</main>');
  return root;
}
