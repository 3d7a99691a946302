/**
 * Entry of a remote's `preview-runtime.js`: lends the federation runtime core to the remote's own
 * preview page, as the shell does in the product. Remotes are built with `externalRuntime` and read
 * the core from this global; the shell sets it through the official inject plugin.
 */
import * as runtimeCore from '@module-federation/runtime-tools/runtime-core';

(globalThis as { _FEDERATION_RUNTIME_CORE?: unknown })._FEDERATION_RUNTIME_CORE = runtimeCore;
