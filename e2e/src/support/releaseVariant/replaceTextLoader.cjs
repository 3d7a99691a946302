/**
 * A webpack loader that replaces one text in a source file, for building a second release of a
 * remote that shows different text (see webpack.config.ts beside it). It fails the build when the
 * text is not there, so an edit of the screen cannot silently make both releases the same.
 */
module.exports = function replaceTextLoader(source) {
  const { from, to } = this.getOptions();
  if (!source.includes(from)) throw new Error(`${this.resourcePath} does not contain "${from}": the release variant would not differ`);
  return source.replace(from, to);
};
