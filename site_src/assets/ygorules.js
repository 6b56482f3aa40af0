/* ygorules: the card-name lookup page. Plain JS, no server, no network: the index is
   lookup/names.js (window.ygoLookupIndex), written at site build time. */
(function () {
  "use strict";

  function fold(text) {
    return text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().replace(/ß/g, "ss")
      .replace(/[^0-9a-z\u00c0-\uffff]+/g, " ").trim();
  }

  function levenshtein(a, b) {
    if (a === b) return 0;
    if (!a.length) return b.length;
    if (!b.length) return a.length;
    var prev = new Array(b.length + 1), cur = new Array(b.length + 1), i, j;
    for (j = 0; j <= b.length; j++) prev[j] = j;
    for (i = 1; i <= a.length; i++) {
      cur[0] = i;
      for (j = 1; j <= b.length; j++) {
        var cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
        cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      }
      var t = prev; prev = cur; cur = t;
    }
    return prev[b.length];
  }

  function ratio(a, b) {
    var longest = Math.max(a.length, b.length);
    return longest ? 100 * (1 - levenshtein(a, b) / longest) : 0;
  }

  /* How well a folded query matches a folded key, 0-100: exact 100, prefix or whole words 90+,
     otherwise the edit-distance similarity (whole key, or the key's beginning while typing). */
  function score(q, key) {
    if (q === key) return 100;
    if (key.indexOf(q) === 0) return 95 - Math.min(5, (key.length - q.length) / 4);
    if ((" " + key + " ").indexOf(" " + q + " ") >= 0) return 90 - Math.min(5, (key.length - q.length) / 4);
    var best = ratio(q, key);
    if (q.length >= 4 && key.length > q.length) best = Math.max(best, 0.92 * ratio(q, key.slice(0, q.length)));
    return best;
  }

  function search(index, query, limit) {
    var q = fold(query), out = [];
    if (!q) return out;
    index.cards.forEach(function (card) {
      var best = null;
      card.keys.forEach(function (k) {
        var s = score(q, k[0]);
        if (!best || s > best.score) best = { score: s, lang: k[1], variant: k[2], key: k[0] };
      });
      if (best && best.score >= 60) out.push({ card: card, match: best });
    });
    out.sort(function (a, b) { return b.match.score - a.match.score || (a.card.id < b.card.id ? -1 : 1); });
    return out.slice(0, limit || 10);
  }

  function cell(row, text, lang, cls) {
    var td = document.createElement("td");
    if (lang) td.lang = lang;
    if (cls) td.className = cls;
    td.textContent = text;
    row.appendChild(td);
    return td;
  }

  function setup(box) {
    var index = window.ygoLookupIndex, lang = box.dataset.lang;
    var input = box.querySelector("input"), body = box.querySelector("tbody"), count = box.querySelector(".ygo-lookup__count");
    if (!index || !input) return;
    var langs = ["es", "pt", "it", "en"];
    function render() {
      var results = search(index, input.value, 10);
      body.textContent = "";
      count.textContent = input.value.trim() && !results.length ? box.dataset.none : "";
      results.forEach(function (r) {
        var card = r.card, tr = document.createElement("tr");
        tr.className = "ygo-lookup__row";
        tr.dataset.id = card.id;
        var first = document.createElement("td"), a = document.createElement("a");
        a.href = card.url;
        a.title = box.dataset.open;
        a.textContent = card.names[lang] || card.names.en || card.id;
        if (!card.names[lang]) a.lang = "en";
        first.appendChild(a);
        if (!card.names[lang]) {
          var mark = document.createElement("span");
          mark.className = "ygo-fallback";
          mark.textContent = " (" + box.dataset.english + ")";
          first.appendChild(mark);
        }
        tr.appendChild(first);
        langs.forEach(function (l) {
          cell(tr, card.names[l] || box.dataset.missing, l, card.names[l] ? "ygo-lookup__name" : "ygo-lookup__none");
        });
        cell(tr, r.match.key + " · " + r.match.lang + " · " + r.match.variant + " · " + Math.round(r.match.score), null, "ygo-lookup__matched");
        body.appendChild(tr);
      });
    }
    input.addEventListener("input", render);
    var params = new URLSearchParams(window.location.search);
    if (params.get("q")) { input.value = params.get("q"); }
    render();
  }

  function init() {
    var box = document.getElementById("ygo-lookup");
    if (box) setup(box);
  }
  window.ygoLookup = { fold: fold, score: score, search: search };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init); else init();
})();
