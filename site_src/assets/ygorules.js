/* ygorules: the card-name lookup page and the card box of each language's home page. Plain JS, no server, no
   network: the index is lookup/names.js (window.ygoLookupIndex) and the answers lookup/answers.js
   (window.ygoAnswers), written at site build time and loaded as scripts, and names are folded by
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

  /* The entry's name in a language it was never printed in, or "": of kind "video-game" (Master Duel's) or
     "translated" (an unofficial translation of a card printed in none of the site's languages). */
  function neverPrinted(e, l, kind) {
    var found = e.other.filter(function (o) { return o[1] === l && o[2] === kind; })[0];
    return found ? found[0] : "";
  }
  function gameName(e, l) { return neverPrinted(e, l, "video-game"); }
  function translatedName(e, l) { return neverPrinted(e, l, "translated"); }

  /* Load a script once (names.js, answers.js): a script element works from file:// where fetch does not. */
  var loading = {};
  function load(src, ready) {
    if (!loading[src]) {
      loading[src] = [];
      var el = document.createElement("script");
      el.src = src;
      el.onload = el.onerror = function () { var w = loading[src]; loading[src] = true; w.forEach(function (f) { f(); }); };
      document.head.appendChild(el);
    }
    if (loading[src] === true) ready(); else loading[src].push(ready);
  }
  function need(global, src, ready) { if (window[global]) ready(); else load(src, ready); }

  /* A card's activation answers (lookup/answers.js, window.ygoAnswers: see ygorules/site/answers.py) as a section with
     class "activation": a table with one row per timing, each row with data-timing (the timing id) and data-verdict
     ("yes", "no", "only-if" or "unknown"), the timing's name linked to its page, the verdict in words and its
     condition, the reason and the rule it rests on (linked), and for a derived card the line saying so. */
  var VERDICTS = { y: "yes", n: "no", o: "only-if", u: "unknown" };
  function activation(box, data, id, root) {
    var card = data.c[id];
    if (!card) return null;
    var ds = box.dataset, s = function (i) { return i >= 0 ? data.s[i] : ""; };
    function el(tag, cls, text) {
      var e = document.createElement(tag);
      if (cls) e.className = cls;
      if (text) e.textContent = text;
      return e;
    }
    function link(path, text) {
      if (!path) return document.createTextNode(text);
      var a = el("a", "", text);
      a.href = root + path;
      return a;
    }
    var section = el("section", "activation");
    section.dataset.card = id;
    section.dataset.origin = card[3] ? "derived" : "kb";
    var head = s(card[0]) + (card[1] ? " · " + ds.speed + " " + card[1] : "");
    section.appendChild(el("p", "ygo-answer__type", head));
    if (data.notes[card[3]]) section.appendChild(el("p", "ygo-answer__derived", data.notes[card[3]]));
    var table = el("table"), thead = el("thead"), tr = el("tr"), tbody = el("tbody");
    [ds.colTiming, ds.colActivation, ds.colWhy].forEach(function (label) {
      var th = el("th", "", label);
      th.scope = "col";
      tr.appendChild(th);
    });
    thead.appendChild(tr);
    table.appendChild(thead);
    data.r[card[2]].forEach(function (ai, t) {
      var a = data.a[ai], timing = data.timings[t], verdict = VERDICTS[a[0]];
      var row = el("tr", "ygo-answer__row ygo-answer__row--" + verdict);
      row.dataset.timing = timing[0];
      row.dataset.verdict = verdict;
      var th = el("th");
      th.scope = "row";
      th.appendChild(link(timing[2], timing[1]));
      var what = el("td"), word = el("span", "ygo-verdict ygo-verdict--" + verdict, ds["verdict" + verdict.replace(/(^|-)(\w)/g, function (m, d, c) { return c.toUpperCase(); })]);
      what.appendChild(word);
      if (a[1] >= 0) what.appendChild(document.createTextNode(" " + s(a[1])));
      var why = el("td");
      why.appendChild(document.createTextNode(s(a[2])));
      if (a[3] >= 0) {
        var rule = data.rules[a[3]];
        why.appendChild(document.createTextNode(" ("));
        why.appendChild(link(rule[2], rule[1]));
        why.appendChild(document.createTextNode(")"));
      }
      if (a[4] >= 0) { why.appendChild(el("br")); why.appendChild(el("span", "ygo-answer__differs", s(a[4]))); }
      row.appendChild(th);
      row.appendChild(what);
      row.appendChild(why);
      tbody.appendChild(row);
    });
    table.appendChild(tbody);
    section.appendChild(table);
    return section;
  }

  function setup(box) {
    var lang = box.dataset.lang, root = box.dataset.root || "", limit = parseInt(box.dataset.limit, 10) || 10;
    var input = box.querySelector("input"), list = box.querySelector(".ygo-lookup__results"), count = box.querySelector(".ygo-lookup__count");
    if (!input || !fold) return;
    var index = null, here = -1, results = [];
    /* names.js gives URLs relative to lookup/index.html; this box may be on the language's home page */
    function href(url) { return url.indexOf("../") === 0 ? root + url.slice(3) : url; }
    function item(r, open) {
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
      var en = LANGS.indexOf("en"), title = e.names[here] || e.names[en] || gameName(e, lang) || gameName(e, "en") || translatedName(e, lang) || translatedName(e, "en") || e.id, main;
      if (e.url) {
        main = document.createElement("a");
        main.href = href(e.url);
      } else {
        main = document.createElement("span");
        li.tabIndex = -1;
      }
      main.className = "ygo-lookup__title";
      main.textContent = title;
      if (!e.names[here]) main.lang = e.names[en] || !(gameName(e, lang) || translatedName(e, lang)) ? "en" : lang;
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
            a.href = root + "../" + l + "/" + e.url.replace(/^\.\.\//, "");
            a.hreflang = l;
            a.textContent = e.names[i];
            dd.appendChild(a);
          } else {
            dd.textContent = e.names[i];
          }
        } else if (gameName(e, l) || translatedName(e, l)) {  /* never printed in this language: marked as such */
          var game = document.createElement("span"), mark = document.createElement("span");
          game.lang = l;
          game.textContent = gameName(e, l) || translatedName(e, l);
          mark.className = "ygo-lookup__game";
          mark.textContent = " (" + (gameName(e, l) ? box.dataset.videogame : box.dataset.translated) + ")";
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
      if (e.kind === "card") {  /* the card's answers: the best match's open, the others one click away */
        var data = window.ygoAnswers, answer = data && activation(box, data, e.id, root);
        if (answer) {
          var details = document.createElement("details"), summary = document.createElement("summary"), h = document.createElement("h2");
          details.className = "ygo-lookup__answer";
          details.open = open;
          h.className = "ygo-lookup__question";
          h.textContent = box.dataset.question;
          summary.appendChild(h);
          details.appendChild(summary);
          details.appendChild(answer);
          li.appendChild(details);
        } else if (data) {
          li.appendChild(Object.assign(document.createElement("p"), { className: "ygo-lookup__noanswer", textContent: box.dataset.noanswer }));
        }
      }
      return li;
    }
    function render() {
      if (!index) {
        count.textContent = input.value.trim() ? box.dataset.loading : "";
        return;
      }
      results = search(index, input.value, limit);
      list.textContent = "";
      var opened = false;
      results.forEach(function (r, i) {
        var open = !opened && r.entry.kind === "card" && i === 0;
        opened = opened || open;
        list.appendChild(item(r, open));
      });
      if (!input.value.trim()) count.textContent = "";
      else if (!results.length) count.textContent = box.dataset.none;
      else count.textContent = (results.length === 1 ? box.dataset.one : box.dataset.many).replace("%(n)s", results.length);
    }
    function start() {  /* the names and the answers, loaded once: with the page, or when the box is first used */
      need("ygoLookupIndex", box.dataset.index, function () {
        if (!index && window.ygoLookupIndex) { index = window.ygoLookupIndex; LANGS = index.langs; here = LANGS.indexOf(lang); }
        render();
        need("ygoAnswers", box.dataset.answers, render);
      });
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
    input.addEventListener("focus", start);
    box.addEventListener("pointerenter", start);  /* a head start on the home page, where nothing is loaded yet */
    input.addEventListener("input", function () {  /* one search per pause in typing */
      start();
      clearTimeout(timer);
      timer = setTimeout(render, index && index.entries.length > 2000 ? 120 : 0);
    });
    box.addEventListener("submit", function (ev) {
      /* on the lookup page, Enter opens the first result's page, or shows a card's answer that has no page;
         elsewhere (the home page) the form goes to lookup/index.html?name=…, where the answer shows */
      if (box.getAttribute("action") !== "index.html") return;
      ev.preventDefault();
      clearTimeout(timer);
      render();
      var first = results[0];
      if (first && first.entry.url) { window.location.href = href(first.entry.url); return; }
      var answer = first && list.querySelector(".ygo-lookup__row .ygo-lookup__answer");
      if (answer) { answer.open = true; answer.querySelector("summary").focus(); }
    });
    input.addEventListener("keydown", function (ev) {
      if (ev.key === "ArrowDown") {
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
    if (window.ygoLookupIndex || params.get("name")) start();
  }

  function init() {
    var box = document.getElementById("ygo-lookup");
    if (box) setup(box);
  }
  window.ygoLookup = { fold: fold, score: score, search: search, prepare: prepare, activation: activation };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init); else init();
})();
