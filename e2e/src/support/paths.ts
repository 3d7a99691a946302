import path from 'node:path';

export const WORKSPACE = path.resolve(__dirname, '../../..');
export const E2E_DIR = path.resolve(__dirname, '../..');
/** Where globalSetup writes the running product's addresses for the test files. */
export const STATE_FILE = path.join(E2E_DIR, '.state.json');
export const ARTIFACTS_DIR = path.join(E2E_DIR, 'artifacts');
