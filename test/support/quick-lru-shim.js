// geotiff's CommonJS build requires `quick-lru`, which ships only as ESM; Node loads it natively
// but Jest's module system cannot. Tests get this Map-backed stand-in with the same surface geotiff uses.
class QuickLRU extends Map {
  constructor(options = {}) {
    super();
    this.maxSize = options.maxSize ?? Infinity;
  }
  set(key, value) {
    if (this.has(key)) super.delete(key);
    super.set(key, value);
    while (this.size > this.maxSize) super.delete(this.keys().next().value);
    return this;
  }
}
module.exports = QuickLRU;
module.exports.default = QuickLRU;
