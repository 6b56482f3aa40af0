/* ygorules: appended at build time to the theme's search worker (after its lunr).
   Makes the theme's lunr search accent-, case- and typography-insensitive (the same folding as
   `ygorules lookup`, ygoFold.fold from fold.js), and stems query terms too:
   - every token leaving the index pipeline (trimmer, stop words, the language's stemmer) loses
     its diacritics after the stemmer has seen the accented word ("cálculo", "calculo" → "calcul");
   - each query term goes through the same pipeline as the indexed text, also while being typed
     (the theme adds a trailing wildcard, which would otherwise skip the pipeline), so
     "calculo de dano" looks for "calcul*" and "dan*", and the stop word "de" is dropped;
     the theme's highlighting then sees the same forms as the index. */
(function () {
  "use strict";
  if (typeof lunr === "undefined" || typeof ygoFold === "undefined") return;
  var fold = ygoFold.fold;  /* fold.js, put before this patch at site build: ygorules/core/fold.py's folding */
  var run = lunr.Pipeline.prototype.run;
  lunr.Pipeline.prototype.run = function (tokens) {
    return run.call(this, tokens).map(function (t) { return t.update(fold); });
  };
  var pipeline = null;
  var build = lunr.Builder.prototype.build;
  lunr.Builder.prototype.build = function () {
    pipeline = new lunr.Pipeline();
    pipeline._stack = this.pipeline._stack.slice();
    this.searchPipeline = new lunr.Pipeline();  /* query terms arrive already processed */
    return build.call(this);
  };
  var clause = lunr.Query.prototype.clause;
  lunr.Query.prototype.clause = function (c) {
    if (pipeline && c.term) {
      var out = pipeline.runString(c.term);
      if (!out.length) return this;  /* a stop word: no clause */
      c.term = out[0];
      c.usePipeline = false;
    }
    return clause.call(this, c);
  };
})();
