/* ygorules: the card-name lookup page. Plain JS, no server, no network: the index is
   lookup/names.js (window.ygoLookupIndex), written at site build time, and names are folded by
   assets/fold.js (window.ygoFold), generated at site build from ygorules/core/fold.py: the same
   folding as `ygorules lookup`. The languages, in order, are the index's `langs` (kb/locales.yaml). */
(function () {
  "use strict";

  var fold = window.ygoFold ? window.ygoFold.normalize : null;
  var LANGS = [];

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

  /* Each entry's searchable keys, folded once: [folded, lang, variant]. */
  function prepare(index) {
    if (index.prepared) return index.prepared;
    index.prepared = index.entries.map(function (e) {
      var keys = [];
      e[2].forEach(function (name, i) { if (name) keys.push([fold(name), index.langs[i], "official"]); });
      e[4].forEach(function (o) { keys.push([fold(o[0]), o[1], o[2]]); });
      return { kind: e[0], id: e[1], names: e[2], url: e[3], keys: keys, other: e[4] };
    });
    return index.prepared;
  }

  function bigrams(text) {
    var out = new Set();
    for (var i = 0; i + 1 < text.length; i++) out.add(text.substr(i, 2));
    return out;
  }

  /* How many of the query's letter pairs a key shares: a cheap test before the edit distance
     (which the whole imported pool, tens of thousands of names, could not afford per keystroke). */
  function shared(qb, key) {
    var n = 0;
    for (var i = 0; i + 1 < key.length; i++) if (qb.has(key.substr(i, 2))) n++;
    return n;
  }

  function search(index, query, limit) {
    var q = fold(query), out = [];
    if (!q) return out;
    var qb = bigrams(q), need = q.length >= 3 ? Math.ceil(qb.size * 0.5) : 0;
    prepare(index).forEach(function (entry) {
      var best = null;
      entry.keys.forEach(function (k) {
        if (!k[0]) return;
        if (k[0].indexOf(q) < 0 && shared(qb, k[0]) < need) return;
        var s = score(q, k[0]);
        if (entry.url) s += 0.5;  /* among equals, what this site explains first */
        if (!best || s > best.score) best = { score: s, lang: k[1], variant: k[2], key: k[0] };
      });
      if (best && best.score >= 60) out.push({ entry: entry, card: entry, match: best });
    });
    out.sort(function (a, b) { return b.match.score - a.match.score || (a.entry.id < b.entry.id ? -1 : 1); });
    return out.slice(0, limit || 10);
  }

  /* The entry's name in a language it was never printed in, from a video game (Master Duel), or "". */
  function gameName(e, l) {
    var found = e.other.filter(function (o) { return o[1] === l && o[2] === "video-game"; })[0];
    return found ? found[0] : "";
  }

  function setup(box) {
    var index = window.ygoLookupIndex, lang = box.dataset.lang;
    var input = box.querySelector("input"), list = box.querySelector(".ygo-lookup__results"), count = box.querySelector(".ygo-lookup__count");
    if (!index || !input || !fold) return;
    LANGS = index.langs;
    var here = LANGS.indexOf(lang);
    function item(r) {
      var e = r.entry, li = document.createElement("li");
      li.className = "ygo-lookup__row";
      li.dataset.id = e.id;
      li.dataset.kind = e.kind;
      var head = document.createElement("p"), kind = document.createElement("span");
      head.className = "ygo-lookup__head";
      kind.className = "ygo-lookup__kind ygo-lookup__kind--" + e.kind;
      kind.textContent = box.dataset["kind" + e.kind.charAt(0).toUpperCase() + e.kind.slice(1)] || e.kind;
      head.appendChild(kind);
      head.appendChild(document.createTextNode(" "));
      var en = LANGS.indexOf("en"), title = e.names[here] || e.names[en] || gameName(e, lang) || gameName(e, "en") || e.id, main;
      if (e.url) {
        main = document.createElement("a");
        main.href = e.url;
      } else {
        main = document.createElement("span");
        li.tabIndex = -1;
      }
      main.className = "ygo-lookup__title";
      main.textContent = title;
      if (!e.names[here]) main.lang = e.names[en] || !gameName(e, lang) ? "en" : lang;
      head.appendChild(main);
      if (!e.url) {
        var none = document.createElement("span");
        none.className = "ygo-lookup__nopage";
        none.textContent = " (" + box.dataset.nopage + ")";
        head.appendChild(none);
      }
      li.appendChild(head);
      var dl = document.createElement("dl");
      dl.className = "ygo-lookup__names";
      LANGS.forEach(function (l, i) {
        var dt = document.createElement("dt"), dd = document.createElement("dd");
        dt.textContent = box.dataset["lang" + l.charAt(0).toUpperCase() + l.slice(1)];
        dt.title = l;
        if (e.names[i]) {
          dd.lang = l;
          if (e.url) {
            var a = document.createElement("a");
            a.href = e.url.replace(/^\.\.\//, "../../" + l + "/");
            a.hreflang = l;
            a.textContent = e.names[i];
            dd.appendChild(a);
          } else {
            dd.textContent = e.names[i];
          }
        } else if (gameName(e, l)) {  /* never printed in this language: its video-game name, marked as such */
          var game = document.createElement("span"), mark = document.createElement("span");
          game.lang = l;
          game.textContent = gameName(e, l);
          mark.className = "ygo-lookup__game";
          mark.textContent = " (" + box.dataset.videogame + ")";
          dd.appendChild(game);
          dd.appendChild(mark);
        } else {
          dd.className = "ygo-lookup__none";
          dd.textContent = box.dataset.missing;
        }
        dl.appendChild(dt);
        dl.appendChild(dd);
      });
      li.appendChild(dl);
      if (r.match.variant !== "official" || LANGS[here] !== r.match.lang) {
        var why = document.createElement("p");
        why.className = "ygo-lookup__matched";
        why.textContent = box.dataset.matched + " " + r.match.key;
        li.appendChild(why);
      }
      return li;
    }
    var results = [];
    function render() {
      results = search(index, input.value, 10);
      list.textContent = "";
      results.forEach(function (r) { list.appendChild(item(r)); });
      if (!input.value.trim()) count.textContent = "";
      else if (!results.length) count.textContent = box.dataset.none;
      else count.textContent = (results.length === 1 ? box.dataset.one : box.dataset.many).replace("%(n)s", results.length);
    }
    function focusables() {
      return Array.prototype.map.call(list.querySelectorAll(".ygo-lookup__row"), function (li) {
        return li.querySelector("a.ygo-lookup__title") || li;
      });
    }
    function move(from, step) {
      var items = focusables(), i = items.indexOf(from) + step;
      if (i < 0) { input.focus(); return; }
      if (i < items.length) items[i].focus();
    }
    var timer = null;
    input.addEventListener("input", function () {  /* one search per pause in typing */
      clearTimeout(timer);
      timer = setTimeout(render, index.entries.length > 2000 ? 120 : 0);
    });
    input.addEventListener("keydown", function (ev) {
      if (ev.key === "Enter") {
        ev.preventDefault();
        var first = results.filter(function (r) { return r.entry.url; })[0];
        if (first) window.location.href = first.entry.url;
      } else if (ev.key === "ArrowDown") {
        ev.preventDefault();
        move(input, 1);
      }
    });
    list.addEventListener("keydown", function (ev) {
      if (ev.key !== "ArrowDown" && ev.key !== "ArrowUp") return;
      ev.preventDefault();
      var items = focusables(), from = items.filter(function (el) { return el === document.activeElement || el.contains(document.activeElement); })[0];
      if (!from) { var row = document.activeElement.closest(".ygo-lookup__row"); from = row && (row.querySelector("a.ygo-lookup__title") || row); }
      move(from, ev.key === "ArrowDown" ? 1 : -1);
    });
    var params = new URLSearchParams(window.location.search);
    if (params.get("name")) { input.value = params.get("name"); }
    render();
  }

  function init() {
    var box = document.getElementById("ygo-lookup");
    if (box) setup(box);
  }
  window.ygoLookup = { fold: fold, score: score, search: search, prepare: prepare };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init); else init();
})();
