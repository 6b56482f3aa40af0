from ygorules.site.text import ProseLinker, h, md_escape


def link(kind, entry_id, label):
    return f"[{label}]({kind}:{entry_id})"


def linker(**kw):
    return ProseLinker({"fuerza de espejo": "mirror-force"}, {"damage step": "damage-step", "cadena": "chain"}, link, **kw)


def test_md_escape_turns_html_into_text():
    assert str(md_escape("<script>alert(1)</script>")) == "&lt;script&gt;alert(1)&lt;/script&gt;"


def test_md_escape_neutralises_markdown_links_emphasis_and_tables():
    out = str(md_escape("[x](javascript:alert(1)) *a* _b_ | c"))
    assert "\\[x\\]" in out and "\\*a\\*" in out and "\\_b\\_" in out and "\\|" in out


def test_md_escape_neutralises_block_syntax_at_line_start():
    assert str(md_escape("# not a heading")).startswith("\\#")
    assert str(md_escape("1. not a list")).startswith("1\\.")


def test_h_escapes_attribute_quotes():
    assert str(h('a" onload="x')) == "a&quot; onload=&quot;x"


def test_quoted_card_name_links_to_the_card_and_keeps_the_quotes():
    out = str(linker().render('Activa "Fuerza de Espejo" ahora.'))
    assert out == 'Activa "[Fuerza de Espejo](card:mirror-force)" ahora.'


def test_typographic_quotes_and_case_are_accepted():
    assert "[fuerza de espejo](card:mirror-force)" in str(linker().render("con “fuerza de espejo”"))


def test_unknown_quoted_text_is_left_as_text():
    assert str(linker().render('dice "hola"')) == 'dice "hola"'


def test_term_is_linked_once_per_page_at_its_first_mention():
    lk = linker()
    first = str(lk.render("En el Damage Step se forma una cadena."))
    again = str(lk.render("Otra vez el Damage Step."))
    assert first == "En el [Damage Step](term:damage-step) se forma una [cadena](term:chain)."
    assert again == "Otra vez el Damage Step."
    assert lk.used_terms == {"damage-step", "chain"}


def test_term_inside_a_longer_word_is_not_linked():
    assert str(linker().render("encadenado")) == "encadenado"


def test_a_page_never_links_to_itself():
    lk = linker(own=("card", "mirror-force"))
    assert "](card:" not in str(lk.render('"Fuerza de Espejo"'))


def test_html_inside_prose_is_escaped_around_links():
    out = str(linker().render('<b>"Fuerza de Espejo"</b>'))
    assert out.startswith("&lt;b&gt;") and "<b>" not in out
