"""`ygorules site build`: pages per language → one MkDocs build per language → site/ swapped in whole.

The build writes Markdown into ``build/docs/<lang>/``, compiles the catalogs into ``build/locale/``,
writes one MkDocs config per language into ``build/mkdocs/``, builds every language into a temporary
folder next to ``site/`` and only then replaces ``site/``: a failed build leaves the old site as it was.
"""
from __future__ import annotations

import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import yaml

from ..core import locales, resources
from ..core.errors import YgoError
from ..core.model import LANGS
from . import answers as answers_file
from . import i18n
from . import lookup
from .pages import LANG_NAMES, SiteGen, write_pages

ROOT = Path(resources.CHECKOUT)
"""The checkout's root (only tests and a checkout's defaults use it; an installed ygorules has none)."""
SITE_SRC = i18n.SITE_SRC
MKDOCS_YML = Path(resources.path("mkdocs.yml"))
SITE_NAME = i18n.N_("Yu-Gi-Oh! Battle Phase rules")
CHOOSE = i18n.N_("Choose a language")
"""The root page's line asking for a language, said in every language."""


SEARCH_SEPARATOR = r"[\s\-'’.,;:!?¡¿()\[\]«»“”\"/]+"
"""Where the search splits words: spaces, hyphens, apostrophes (l'attacco), punctuation, quotes."""
IFRAME_WORKER = "assets/iframe-worker-shim.js"
FOLD_JS = "assets/fold.js"
"""The folding of names (``ygoFold``), generated from core/fold.py: loaded before ygorules.js, and put at the head of the search patch."""
"""The theme's search runs in a Web Worker, which a page opened from disk may not start; this npm
shim (iframe-worker, by the theme's author) runs it in a hidden frame instead, and only on file://."""


def home() -> Path:
    """Where site/ and build/ go by default: the checkout's root, or the current folder when ygorules is installed."""
    root = resources.checkout()
    return Path(root) if root else Path.cwd()


def default_site_dir() -> Path:
    """site/ of the checkout, or ./site when installed."""
    return home() / "site"


def default_build_dir() -> Path:
    """build/ of the checkout, or ./build when installed (a working folder: pages, catalogs, configs, npm packages)."""
    return home() / "build"


def npm_assets() -> Path:
    """The npm packages of site_src/package.json, installed once into build/npm/ (of the default build folder) with npm."""
    npm_dir = default_build_dir() / "npm"
    shim = npm_dir / "node_modules" / "iframe-worker" / "shim" / "index.js"
    spec = (SITE_SRC / "package.json").read_text(encoding="utf-8")
    manifest = npm_dir / "package.json"
    if shim.exists() and manifest.exists() and manifest.read_text(encoding="utf-8") == spec:
        return shim
    npm = shutil.which("npm")
    if npm is None:
        raise YgoError("npm is missing: the site needs the iframe-worker package from npm for search opened from disk\n"
                       "→ install Debian's npm (apt-get install npm)" + (", or run `make site`, which does" if resources.checkout() else ""),
                       exit_code=2)
    npm_dir.mkdir(parents=True, exist_ok=True)
    manifest.write_text(spec, encoding="utf-8")
    proc = subprocess.run([npm, "install", "--no-audit", "--no-fund", "--no-save", "--silent"], cwd=str(npm_dir),
                          capture_output=True, text=True)
    if proc.returncode != 0 or not shim.exists():
        manifest.unlink(missing_ok=True)
        raise YgoError(f"npm install in {npm_dir} failed:\n  " + "\n  ".join((proc.stdout + proc.stderr).strip().splitlines()[-10:])
                       + "\n→ check that the npm registry is reachable, then run `ygorules site build` again")
    return shim


def patch_search(site_lang: Path) -> None:
    """Append fold.js and site_src/search/lunr-fold.js to the theme's search worker (accent folding, stemmed queries)."""
    patch = lookup.fold_script() + (SITE_SRC / "search" / "lunr-fold.js").read_text(encoding="utf-8")
    workers = sorted((site_lang / "assets" / "javascripts" / "workers").glob("search.*.min.js"))
    if not workers:
        raise YgoError(f"{site_lang}: the theme's search worker is missing → check the mkdocs-material version in pyproject.toml")
    for worker in workers:
        with open(worker, "a", encoding="utf-8") as fh:
            fh.write("\n" + patch)


def _say(msg: str, quiet: bool) -> None:
    if not quiet:
        print(msg, flush=True)


def status_report(kb):
    """The translation status report, or None when ygorules.reports.status is not available."""
    try:
        from ..reports.status import report
    except ImportError:
        return None
    return report(kb)


def site_url() -> str:
    """The site's public root URL (``site_url`` in mkdocs.yml, or $YGORULES_SITE_URL), ending in /; '' if none."""
    url = os.environ.get("YGORULES_SITE_URL")
    if url is None:
        with open(MKDOCS_YML, encoding="utf-8") as fh:
            url = yaml.safe_load(fh).get("site_url") or ""
    return url.rstrip("/") + "/" if url else ""


def rules_version_line(kb, gettext, lang: str) -> str:
    """'Rules followed: … · last checked …' of the footer, in ``lang``; '' when the KB does not say."""
    phase = kb.phases.get("battle-phase") or next(iter(kb.phases.values()), None)
    rv = getattr(phase, "rules_version", None) if phase else None
    if not rv:
        return ""
    label = (rv.get("label") or {}).get(lang) or (rv.get("label") or {}).get("en") or ", ".join(rv.get("follows", []))
    return gettext("Rules followed: %(label)s · last checked on %(date)s") % {"label": label, "date": rv.get("checked", "?")}


PERMALINK = i18n.N_("Link to this section")
BACKLINK = i18n.N_("Back to the text (note %d)")
RULES_VERSION = i18n.N_("Rules followed: %(label)s · last checked on %(date)s")
NOT_FOUND_TITLE = i18n.N_("404 – Page not found")
NOT_FOUND_TEXT = i18n.N_("There is no page at this address. The menu and the search lead to every page of the site.")


def mkdocs_config(lang: str, docs_dir: Path, site_dir: Path, nav: list, site_name: str, langs=LANGS, rules_version: str = "",
                  permalink_title: str = "Link to this section", backlink_title: str = "Back to the text (note %d)",
                  not_found: tuple = (NOT_FOUND_TITLE, NOT_FOUND_TEXT)) -> dict:
    """The MkDocs config of one language: mkdocs.yml with the language's own folders, nav, search and switcher;
    ``not_found``: the title and text of its 404 page (site_src/overrides/404.html)."""
    with open(MKDOCS_YML, encoding="utf-8") as fh:
        base = yaml.safe_load(fh)
    cfg = dict(base)
    cfg.update(site_name=site_name, docs_dir=str(docs_dir), site_dir=str(site_dir), nav=nav, strict=True)
    theme = dict(base.get("theme", {}))
    theme.update(language=lang, custom_dir=str(SITE_SRC / "overrides"))
    cfg["theme"] = theme
    cfg["plugins"] = [{"search": {"lang": lang, "separator": SEARCH_SEPARATOR}}, "offline"]
    cfg["use_directory_urls"] = False
    cfg["extra_javascript"] = [FOLD_JS, *base.get("extra_javascript", [])]
    cfg["hooks"] = [str(Path(__file__).with_name("hooks.py"))]
    exts = []
    for ext in base.get("markdown_extensions", []):  # the heading anchors' title in the page's language
        if isinstance(ext, dict) and "toc" in ext:
            ext = {"toc": {**(ext["toc"] or {}), "permalink_title": permalink_title}}
        if ext == "footnotes":
            ext = {"footnotes": {"BACKLINK_TITLE": backlink_title}}
        exts.append(ext)
    exts.append("ygorules.site.mdlean")  # only the inline syntax generated pages use: the same HTML, faster
    cfg["markdown_extensions"] = exts
    cfg["extra"] = {**base.get("extra", {}), "polyfills": [IFRAME_WORKER], "generator": False, "rules_version": rules_version,
                    "not_found": {"title": not_found[0], "text": not_found[1]}}
    root_url = site_url()
    if root_url:  # each language is a folder of the site: absolute hreflang alternates and sitemap entries
        cfg["site_url"] = f"{root_url}{lang}/"
        cfg["extra"]["root_url"] = root_url
    cfg["extra"] = {**cfg["extra"],
                    "alternate": [{"name": LANG_NAMES[l], "link": f"../{l}/", "lang": l} for l in langs]}
    return cfg


def generate(kb, lang: str, build_dir: Path, report=None, table=None, answers_js: str | None = None) -> tuple[int, float]:
    """Write the Markdown, assets, lookup index and answers file (``answers_js``, see site/answers.py) of one
    language; return (pages, seconds)."""
    t0 = time.perf_counter()
    tr = i18n.translations(lang, build_dir / "locale")
    index = lookup.index(kb, lang, table)
    gen = SiteGen(kb, lang, tr, report, index["pool"])
    pages = gen.pages()
    docs = build_dir / "docs" / lang
    if docs.exists():
        shutil.rmtree(docs)
    docs.mkdir(parents=True)
    write_pages(pages, docs)
    shutil.copytree(SITE_SRC / "assets", docs / "assets")
    shutil.copy(npm_assets(), docs / IFRAME_WORKER)
    (docs / FOLD_JS).write_text(lookup.fold_script(), encoding="utf-8")
    (docs / "lookup").mkdir(exist_ok=True)
    (docs / "lookup" / "names.js").write_text(lookup.as_script(index), encoding="utf-8")
    if answers_js is None:
        answers_js = answers_file.encode(kb, [lang], {lang: tr})[lang]
    (docs / "lookup" / "answers.js").write_text(answers_js, encoding="utf-8")
    cfg = mkdocs_config(lang, docs, build_dir / "out" / lang, gen.nav(), tr.gettext(SITE_NAME),
                        rules_version=rules_version_line(kb, tr.gettext, lang), permalink_title=tr.gettext(PERMALINK),
                        backlink_title=tr.gettext(BACKLINK),
                        not_found=(tr.gettext(NOT_FOUND_TITLE), tr.gettext(NOT_FOUND_TEXT)))
    cfg_path = build_dir / "mkdocs" / f"{lang}.yml"
    cfg_path.parent.mkdir(parents=True, exist_ok=True)
    cfg_path.write_text(yaml.safe_dump(cfg, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return len(pages), time.perf_counter() - t0


def run_mkdocs(cfg_path: Path, site_dir: Path) -> tuple[float, str]:
    """One strict MkDocs build (never -v: it would skip the anchor checks); raise YgoError on failure."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    t0 = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--clean", "-f", str(cfg_path), "-d", str(site_dir)],
                          capture_output=True, text=True, env=env, cwd=str(home()))
    elapsed = time.perf_counter() - t0
    log = (proc.stdout + proc.stderr).strip()
    if proc.returncode != 0:
        lines = [l for l in log.splitlines() if "WARNING" in l or "ERROR" in l] or log.splitlines()[-20:]
        raise YgoError(f"mkdocs build failed for {cfg_path.name}:\n  " + "\n  ".join(lines)
                       + "\n→ fix the template or entry named above; the previous site/ was left untouched")
    return elapsed, log


def write_sitemap(out: Path, root_url: str) -> int:
    """site/sitemap.xml: every page of every language (not 404 or assets), each with its alternates; return the count."""
    from xml.sax.saxutils import escape
    paths = sorted({p.relative_to(out / lang).as_posix() for lang in LANGS if (out / lang).is_dir()
                    for p in (out / lang).rglob("*.html") if p.name != "404.html" and "assets" not in p.relative_to(out / lang).parts})
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">']
    count = 0
    for path in paths:
        there = [lang for lang in LANGS if (out / lang / path).exists()]
        for lang in there:
            lines.append(f"<url><loc>{escape(root_url + lang + '/' + path)}</loc>")
            lines.extend(f'<xhtml:link rel="alternate" hreflang="{l}" href="{escape(root_url + l + "/" + path)}"/>' for l in there)
            lines.append("</url>")
            count += 1
    lines.append("</urlset>")
    (out / "sitemap.xml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return count


def home_page(mo_dir: Path) -> str:
    """The root page that picks a language: one link per language of kb/locales.yaml, with its name in itself and the
    site's name in it, and the request to choose said in every language (English, the page's own, first)."""
    import jinja2

    languages = []
    for lang in LANGS:
        tr = i18n.translations(lang, mo_dir)
        languages.append({"code": lang, "name": locales.NAMES[lang], "tagline": tr.gettext(SITE_NAME),
                          "choose": tr.gettext(CHOOSE)})
    pickers = sorted(languages, key=lambda l: l["code"] != "en")
    env = jinja2.Environment(autoescape=True, trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True,
                             **i18n.JINJA_SYNTAX)
    template = env.from_string((SITE_SRC / "home" / "index.html").read_text(encoding="utf-8"))
    return template.render(languages=languages, pickers=pickers)


def assemble(out: Path, langs, previous: Path, mo_dir: Path) -> None:
    """Add the root page that picks a language, and the languages not rebuilt this time from the previous site."""
    for lang in LANGS:
        if lang not in langs and (previous / lang).is_dir():
            shutil.copytree(previous / lang, out / lang)
    for lang in langs:  # 404 pages use root-absolute URLs; point them into their language folder
        page = out / lang / "404.html"
        if page.exists():
            text = re.sub(r'((?:href|src)=")/(?!/)', rf"\1/{lang}/", page.read_text(encoding="utf-8"))
            page.write_text(text, encoding="utf-8")
    (out / "index.html").write_text(home_page(mo_dir), encoding="utf-8")
    shutil.copy(SITE_SRC / "home" / "ygorules-home.css", out / "ygorules-home.css")
    root_url = site_url()
    if root_url:
        write_sitemap(out, root_url)
    else:  # without a site URL MkDocs writes sitemaps without addresses: leave none rather than empty ones
        for lang in langs:
            for name in ("sitemap.xml", "sitemap.xml.gz"):
                (out / lang / name).unlink(missing_ok=True)


MARKER = ".ygorules-site"
"""The file that marks a folder as a site this command built, and so may replace."""


def _refuse_foreign(site_dir: Path) -> None:
    """Refuse to replace a folder that holds something and was not built by us (--site-dir ~ must not empty ~)."""
    if site_dir.is_dir() and not (site_dir / MARKER).is_file() and not _earlier_site(site_dir) and any(site_dir.iterdir()):
        raise YgoError(f"{site_dir} is not empty and was not made by `ygorules site build` (no {MARKER} in it): "
                       "nothing was changed; pass an empty or new --site-dir", exit_code=2)
    if site_dir.exists() and not site_dir.is_dir():
        raise YgoError(f"{site_dir} is a file, not a folder: pass a folder as --site-dir", exit_code=2)


def _earlier_site(site_dir: Path) -> bool:
    """A site built before the marker existed: a root page, language folders and the home page's CSS, nothing else."""
    names = {p.name for p in site_dir.iterdir()}
    return "index.html" in names and names <= {"index.html", "ygorules-home.css", "sitemap.xml", "404.html", *LANGS}


def _usual_modes(root: Path) -> None:
    """Folders 0755 and files 0644 under a umask of 022 (mkdtemp makes its folder 0700)."""
    from ..core.fsutil import umask
    mask = umask()
    root.chmod(0o777 & ~mask)
    for folder, dirs, _files in os.walk(root):
        for d in dirs:
            os.chmod(os.path.join(folder, d), 0o777 & ~mask)


def build(kb_root=None, langs=None, site_dir: Path | None = None, build_dir: Path | None = None, quiet: bool = False,
          names_table=None, answers=None) -> dict:
    """Build the site; return figures (pages per language, seconds). ``site_dir`` is replaced only on success.

    ``names_table`` is the imported name table of the whole card pool (`ygorules names import`; the command
    layer reads it, the site part does not import the names part), or None: the lookup page then holds the KB's names.
    ``answers`` (a ``site.answers.Source``, also from the command layer) gives the activation answers of the pool's
    cards for the lookup page; None: the KB's cards alone.
    """
    from ..core.kb import load_kb

    langs = list(dict.fromkeys(langs or LANGS))
    bad = [l for l in langs if l not in LANGS]
    if bad:
        raise YgoError(f"unknown language {bad[0]!r} → use one of {', '.join(LANGS)}", exit_code=2)
    site_dir = Path(site_dir or default_site_dir()).resolve()
    build_dir = Path(build_dir or default_build_dir()).resolve()
    t_all = time.perf_counter()
    _say("loading kb/ …", quiet)
    kb = load_kb(kb_root)
    _say(f"  {sum(1 for _ in kb.entries())} entries", quiet)
    problems = i18n.problems()
    if problems:
        raise YgoError("the UI-string catalogs are stale or incomplete:\n  " + "\n  ".join(problems))
    i18n.compile_all(build_dir / "locale")
    report = status_report(kb)
    table = names_table if names_table is not None and (names_table.cards or names_table.series) else None
    if table is not None:
        _say(f"  lookup: the imported name table {table.origin} ({len(table.cards)} cards, {len(table.series)} series)", quiet)
    figures: dict = {"languages": {}}
    t0 = time.perf_counter()
    scripts = answers_file.encode(kb, langs, {l: i18n.translations(l, build_dir / "locale") for l in langs}, answers)
    figures["answers_s"] = round(time.perf_counter() - t0, 3)
    for lang in langs:
        size = answers_file.gzip_size(scripts[lang])
        figures.setdefault("answers", {})[lang] = {"bytes": len(scripts[lang].encode("utf-8")), "gzip": size}
        _say(f"[{lang}] lookup/answers.js: {len(scripts[lang].encode('utf-8')):,} bytes, {size:,} gzipped"
             f" (the answers computed in {figures['answers_s']:.1f} s for every language)", quiet)
        if size > answers_file.BUDGET:
            print(f"warning: [{lang}] lookup/answers.js is {size:,} bytes gzipped, over the budget of {answers_file.BUDGET:,} "
                  "→ the lookup page still works, but loads slowly; see site/answers.py", file=sys.stderr)
    for lang in langs:
        pages, secs = generate(kb, lang, build_dir, report, table, scripts.pop(lang))
        figures["languages"][lang] = {"pages": pages, "generate_s": round(secs, 3)}
        _say(f"[{lang}] {pages} pages written to build/docs/{lang}/ in {secs * 1000:.0f} ms", quiet)
    site_dir.parent.mkdir(parents=True, exist_ok=True)
    _refuse_foreign(site_dir)
    tmp = Path(tempfile.mkdtemp(prefix=".site-new-", dir=site_dir.parent))
    try:
        _say(f"running mkdocs build --strict for {', '.join(langs)} …", quiet)
        cpu0 = resource.getrusage(resource.RUSAGE_CHILDREN)
        with ThreadPoolExecutor(max_workers=max(1, min(len(langs), os.cpu_count() or 1))) as pool:
            futures = {lang: pool.submit(run_mkdocs, build_dir / "mkdocs" / f"{lang}.yml", tmp / lang) for lang in langs}
            errors = []
            for lang, fut in futures.items():
                try:
                    secs, _log = fut.result()
                    patch_search(tmp / lang)
                    f = figures["languages"][lang]
                    f["mkdocs_s"] = round(secs, 3)
                    f["ms_per_page"] = round(1000 * secs / max(f["pages"], 1), 1)
                    _say(f"[{lang}] mkdocs: {f['pages']} pages in {secs:.2f} s ({f['ms_per_page']} ms/page)", quiet)
                except YgoError as exc:
                    errors.append(str(exc))
            if errors:
                raise YgoError("\n".join(errors))
        cpu1 = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (cpu1.ru_utime + cpu1.ru_stime) - (cpu0.ru_utime + cpu0.ru_stime)
        total_pages = sum(figures["languages"][l]["pages"] for l in langs)
        figures["mkdocs_cpu_s"] = round(cpu, 3)
        figures["mkdocs_cpu_ms_per_page"] = round(1000 * cpu / max(total_pages, 1), 1)
        _say(f"mkdocs CPU time: {cpu:.1f} s for {total_pages} pages ({figures['mkdocs_cpu_ms_per_page']} ms/page)", quiet)
        assemble(tmp, langs, site_dir, build_dir / "locale")
        (tmp / MARKER).write_text("made by `ygorules site build`; the next build replaces this folder\n", encoding="utf-8")
        _usual_modes(tmp)
        old = None
        if site_dir.exists():
            old = site_dir.with_name(f".site-old-{os.getpid()}")
            site_dir.rename(old)
        tmp.rename(site_dir)
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)
    finally:
        if tmp.exists():
            shutil.rmtree(tmp, ignore_errors=True)
    figures["total_s"] = round(time.perf_counter() - t_all, 3)
    counts = ", ".join(f"{l} {figures['languages'][l]['pages']}" for l in langs)
    _say(f"site/ ready: {counts} pages; "
         f"{figures['total_s']:.1f} s in all", quiet)
    return figures
