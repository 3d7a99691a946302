/** Stands in for images, fonts and videos in jest: a module whose value is the file's name. */
module.exports = 'test-file-stub';
