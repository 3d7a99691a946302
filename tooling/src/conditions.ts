/**
 * The export condition under which workspace packages publish their TypeScript source.
 * Bundlers and jest resolve it first, so front-end code never depends on a stale `dist`;
 * Node (the server at run time) falls through to the compiled `default`.
 */
export const SOURCE_CONDITION = '@blockpilot/source';
