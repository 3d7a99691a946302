/**
 * Stands in for axios's fetch adapter in every browser bundle (`tooling/src/webpack.ts`). axios
 * tries its adapters in order (`xhr`, `http`, `fetch`) and every browser the app supports has
 * XMLHttpRequest, so the fetch adapter never ran; it and the helpers only it uses (streams,
 * multipart bodies, data-URL sizes) were about 4 KB gzipped of every signed-in first load
 * (BENCHMARKS.md "Front end"). Named as unavailable, axios reports it as "not available in the
 * build" should it ever be asked for.
 */
// Plain JavaScript: the file takes the place of a node_modules file, which no loader compiles.
export const getFetch = () => null;
export default undefined;
