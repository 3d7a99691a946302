import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import { DefinePlugin, type Configuration } from 'webpack';
import { REMOTES } from '@blockpilot/shared/constants';
import { createFederatedConfig, createRemoteConfig } from './webpack';

const WORKSPACE = path.resolve(__dirname, '../..');

type Built = ReturnType<ReturnType<typeof createFederatedConfig>> extends infer R ? (R extends (infer C)[] ? C : R) : never;

function federationOptions(config: Configuration) {
  const plugin = config.plugins?.find((p): p is ModuleFederationPlugin => p instanceof ModuleFederationPlugin);
  if (!plugin) throw new Error('no ModuleFederationPlugin in the config');
  return (plugin as unknown as { _options: { name: string; exposes: Record<string, string>; shared: Record<string, { singleton: boolean; requiredVersion: string }> } })._options;
}

function build(factory: ReturnType<typeof createFederatedConfig>, mode: 'production' | 'development' = 'production'): Built[] {
  const result = factory(undefined, { mode });
  return Array.isArray(result) ? result : [result];
}

describe('createRemoteConfig', () => {
  it.each(REMOTES.map((remote) => [remote.folder, remote] as const))('%s takes its name and dev port from the one list of remotes', (folder, remote) => {
    const [app, previewRuntime] = build(createRemoteConfig({ dir: path.join(WORKSPACE, folder), title: 'preview' }));
    const federation = federationOptions(app!);
    expect(federation.name).toBe(remote.name);
    expect(app!.devServer?.port).toBe(remote.devPort);
    expect(app!.output?.uniqueName).toBe(remote.name);
    // Its routes from its own folder; the lifecycle and the preview page are tooling's, the same for every remote.
    expect(federation.exposes['./App']).toBe('./src/App.tsx');
    expect(federation.exposes['./lifecycle']).toBe(path.join(__dirname, 'remoteLifecycle.ts'));
    expect(app!.entry).toEqual({ main: path.join(__dirname, 'remotePreview.ts') });
    expect(app!.resolve?.alias).toMatchObject({ '@blockpilot/remote-app$': path.join(WORKSPACE, folder, 'src/App.tsx') });
    const define = app!.plugins?.find((p): p is DefinePlugin => p instanceof DefinePlugin);
    expect(define?.definitions).toEqual({ __BLOCKPILOT_REMOTE_NAME__: JSON.stringify(remote.name) });
    // A remote also emits the runtime core its standalone preview page lends itself.
    expect(previewRuntime?.name).toBe(`${remote.name}:preview-runtime`);
  });

  it('refuses a folder that is not in the list, saying where to add it', () => {
    expect(() => createRemoteConfig({ dir: path.join(WORKSPACE, 'mf-unknown'), title: 'x' })).toThrow('mf-unknown is not in REMOTES (shared/src/constants.ts)');
  });
});

describe('createFederatedConfig', () => {
  const shell = () => build(createFederatedConfig({ dir: path.join(WORKSPACE, 'shell'), name: 'shell', role: 'host', title: 'BlockPilot', devPort: 3100 }));

  it('shares every singleton, with subpaths, at the version the package itself depends on', () => {
    const [app] = shell();
    const { shared } = federationOptions(app!);
    const { dependencies } = JSON.parse(readFileSync(path.join(WORKSPACE, 'shell/package.json'), 'utf8')) as { dependencies: Record<string, string> };
    for (const name of ['react', 'react-dom', 'react-router', 'react-router-dom', 'styled-components']) {
      expect(shared[name]).toMatchObject({ singleton: true, requiredVersion: dependencies[name] });
    }
    expect(shared['react/']).toMatchObject({ singleton: true });
    expect(shared['react-dom/']).toMatchObject({ singleton: true });
    expect(shared['@blockpilot/shared']).toMatchObject({ singleton: true, requiredVersion: expect.stringMatching(/^\^\d+\.\d+\.\d+$/) });
  });

  it('the host is one build with an absolute public path; content-hashed names in production only', () => {
    const production = shell();
    expect(production).toHaveLength(1);
    expect(production[0]!.output?.publicPath).toBe('/');
    expect(typeof production[0]!.output?.filename).toBe('function');
    const [development] = build(createFederatedConfig({ dir: path.join(WORKSPACE, 'shell'), name: 'shell', role: 'host', title: 'BlockPilot', devPort: 3100 }), 'development');
    expect(development!.output?.filename).toBe('[name].js');
  });
});
