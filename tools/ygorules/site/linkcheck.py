"""A link and anchor checker for the assembled site/: every internal link and #anchor resolves,
``<html lang>`` matches the language folder, and every language alternate of a page exists."""
from __future__ import annotations

import posixpath
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

from ..core.model import LANGS

_SKIP_SCHEMES = ("http", "https", "mailto", "javascript", "data", "tel")


class _Page(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.links: list[tuple[str, str, str]] = []  # (tag, attribute, url)
        self.alternates: list[tuple[str, str]] = []  # (hreflang, url)
        self.html_lang: str | None = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "html":
            self.html_lang = a.get("lang")
        for key in ("id", "name") if tag in ("a",) else ("id",):
            if a.get(key):
                self.ids.add(a[key])
        for key in ("href", "src"):
            if a.get(key) is not None and tag in ("a", "link", "script", "img", "iframe", "source"):
                if tag == "link" and a.get("rel") in ("preconnect", "dns-prefetch"):
                    continue
                self.links.append((tag, key, a[key]))
        if a.get("hreflang") and a.get("href") is not None and tag in ("a", "link"):
            self.alternates.append((a["hreflang"], a["href"]))


def _parse(path: Path) -> _Page:
    page = _Page()
    page.feed(path.read_text(encoding="utf-8", errors="replace"))
    return page


def _target(site: Path, page: Path, url: str) -> tuple[Path | None, str]:
    """The file a relative URL points to from ``page``, and its fragment; None for external URLs."""
    parts = urlsplit(url)
    if parts.scheme in _SKIP_SCHEMES or parts.netloc:
        return None, ""
    path = unquote(parts.path)
    if not path:
        return page, parts.fragment
    if path.startswith("/"):
        base = site
        path = path.lstrip("/")
    else:
        base = page.parent
    joined = posixpath.normpath(posixpath.join(base.as_posix(), path))
    target = Path(joined)
    if url.split("#")[0].split("?")[0].endswith("/") or target.is_dir():
        target = target / "index.html"
    return target, parts.fragment


def check(site: Path) -> tuple[list[str], int]:
    """Check the assembled site; return (problems as 'file: what → fix', pages checked)."""
    site = Path(site).resolve()
    problems: list[str] = []
    if not site.is_dir():
        return [f"{site}: no site here → run `ygorules site build`"], 0
    pages = sorted(site.rglob("*.html"))
    parsed: dict[Path, _Page] = {}

    def get(p: Path) -> _Page:
        if p not in parsed:
            parsed[p] = _parse(p)
        return parsed[p]

    for lang in LANGS:
        if not (site / lang / "index.html").exists():
            problems.append(f"{site / lang}: language folder missing → run `ygorules site build`")
    for page in pages:
        rel = page.relative_to(site)
        doc = get(page)
        folder = rel.parts[0] if len(rel.parts) > 1 else None
        if folder in LANGS and doc.html_lang != folder:
            problems.append(f"{rel}: <html lang={doc.html_lang!r}> in the {folder}/ folder → set theme.language to {folder!r}")
        for tag, attr, url in doc.links:
            if not url or url.startswith("#") and url == "#":
                continue
            target, fragment = _target(site, page, url)
            if target is None:
                continue
            try:
                target.relative_to(site)
            except ValueError:
                problems.append(f"{rel}: <{tag} {attr}={url!r}> leaves the site → link inside site/")
                continue
            if target.name == "index.html" and not url.split("#")[0].split("?")[0].endswith("index.html") and url.split("#")[0]:
                problems.append(f"{rel}: <{tag} {attr}={url!r}> points to a folder: opened from disk it shows a file "
                                f"listing → link to the .html file (use_directory_urls: false)")
                continue
            if not target.exists():
                problems.append(f"{rel}: broken link <{tag} {attr}={url!r}> → {target.relative_to(site)} does not exist")
                continue
            if fragment and target.suffix == ".html" and unquote(fragment) not in get(target).ids:
                problems.append(f"{rel}: broken anchor {url!r} → no id={fragment!r} in {target.relative_to(site)}")
        if folder in LANGS:
            for hl, url in doc.alternates:
                target, _ = _target(site, page, url)
                if hl in LANGS and target is not None and target != site / hl / Path(*rel.parts[1:]):
                    problems.append(f"{rel}: the {hl} alternate {url!r} is not this page in {hl} → link to {hl}/{Path(*rel.parts[1:]).as_posix()}")
            langs = {hl for hl, _ in doc.alternates}
            if "404.html" != rel.name:
                for missing in sorted(set(LANGS) - langs):
                    problems.append(f"{rel}: no language alternate for {missing} → add it to extra.alternate")
    return problems, len(pages)
