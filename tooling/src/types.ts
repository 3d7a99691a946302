import type { WebpackPluginInstance } from 'webpack';

/** What one front-end package tells the config factory about itself. */
export interface FederatedAppOptions {
  /** The package's folder (`__dirname`: configs are loaded through esbuild-register as CommonJS). */
  dir: string;
  /** The federation container name: a JS identifier such as `mf_auth` (the shell is `shell`). */
  name: string;
  /** `host` is the shell, which loads remotes at run time; `remote` exposes modules. */
  role: 'host' | 'remote';
  /** Page title of the built HTML page (the shell's page, or a remote's standalone preview). */
  title: string;
  /** Modules a remote exposes, e.g. `{ './App': './src/App.tsx' }`. */
  exposes?: Record<string, string>;
  /** Port of `webpack serve` for this package alone. */
  devPort: number;
  /** Folder copied as-is to the output root (logo, favicon). */
  publicDir?: string;
  /** Extra webpack plugins. */
  plugins?: WebpackPluginInstance[];
}

/** What a remote tells {@link createRemoteConfig}: the rest comes from the list of remotes in shared. */
export type RemoteAppOptions = Pick<FederatedAppOptions, 'dir' | 'title' | 'publicDir' | 'plugins'>;

/** What one package tells the jest preset about itself. */
export interface JestPackageOptions {
  /** The package's folder. */
  dir: string;
  /** `jsdom` for front-end packages, `node` for the server, simulator and e2e. */
  environment: 'jsdom' | 'node';
  /** Extra setup files run after the test framework is installed. */
  setupFiles?: string[];
  /** Extra module name mappings (federated imports, assets). */
  moduleNameMapper?: Record<string, string>;
  /** Jest's testTimeout in ms. */
  testTimeout?: number;
  /** Run tests as native ES modules (default false: swc compiles to CommonJS). */
  esm?: boolean;
  /** Files matched as tests (default: `src/**\/*.test.ts(x)`). */
  testMatch?: string[];
}
