/** Builds of a remote as the release registry's tests upload them (docs/RELEASES.md "Model"). */
import { createHash } from 'node:crypto';

export const REACT_19 = [
  { name: 'react', version: '19.3.1', requiredVersion: '19.3.1' },
  { name: 'react-dom', version: '19.3.1', requiredVersion: '19.3.1' },
];

export const integrityOf = (bytes: Buffer | string) => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;

/** One file of an upload: its path, base64 content and integrity. */
export const buildFile = (filePath: string, text: string) => {
  const bytes = Buffer.from(text);
  return { path: filePath, content: bytes.toString('base64'), integrity: integrityOf(bytes) };
};

/** The mf-manifest.json the tooling writes for `remote`. */
export function manifestOf(remote: string, { shared = REACT_19, exposes = ['./App', './lifecycle'] } = {}) {
  return {
    id: remote,
    name: remote,
    metaData: { name: remote, remoteEntry: { name: 'remoteEntry.js', path: '' }, publicPath: 'auto' },
    shared,
    exposes: exposes.map((p) => ({ path: p })),
  };
}

/** A build of `remote` as the tooling emits it: manifest, remote entry, one chunk saying `label`, and any `extra` files. */
export function releaseBuild(remote: string, label: string, options: { shared?: typeof REACT_19; exposes?: string[]; extra?: Record<string, string> } = {}) {
  return {
    gitCommit: 'abc1234',
    files: [
      buildFile('mf-manifest.json', JSON.stringify(manifestOf(remote, options))),
      buildFile('remoteEntry.js', `var ${remote};`),
      buildFile('app.0123abcd.js', `render("${label}")`),
      ...Object.entries(options.extra ?? {}).map(([filePath, text]) => buildFile(filePath, text)),
    ],
  };
}
