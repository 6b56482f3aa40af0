"""The static site: Markdown pages generated from the KB per language, built with MkDocs (Material).

Modules: ``text`` (escaping and prose links), ``i18n`` (gettext catalogs), ``pages`` (the page
generator), ``lookup`` (the name index of the lookup page), ``build`` (MkDocs runs and the
assembled ``site/``), ``linkcheck`` (links, anchors and alternates of the assembled site),
``serve`` (a preview that rebuilds when kb/ changes).
"""
