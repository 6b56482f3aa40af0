"""Entry ids made from names (core.ids.slug): what `ygorules new` and the name table give as ids."""
from ygorules.core.ids import slug


def test_a_name_becomes_lowercase_ascii_words_joined_by_hyphens():
    assert slug("Hada de la Inyección Lily") == "hada-de-la-inyeccion-lily"
    assert slug("  Mirror Force!! ") == "mirror-force"
    assert slug("Ça Ñandú") == "ca-nandu"


def test_runs_of_punctuation_and_dots_become_one_hyphen_without_dotted():
    assert slug("Rulebook 9.1 -- pt") == "rulebook-9-1-pt"
    assert slug("a.b.c") == "a-b-c"


def test_a_name_without_latin_letters_or_digits_gives_an_empty_id():
    assert slug("ブラック・マジシャン") == ""
    assert slug("ブラック.マジシャン", dotted=True) == ""


def test_dotted_keeps_the_first_dot_only_and_cleans_each_side():
    assert slug("Damage Step.Before damage calculation", dotted=True) == "damage-step.before-damage-calculation"
    assert slug(" Battle Step . Start. Of it ", dotted=True) == "battle-step.start-of-it"
    assert slug("-Damage Step-.-x-", dotted=True) == "damage-step.x"


def test_dotted_drops_an_empty_side_and_its_dot():
    assert slug("Damage Step.", dotted=True) == "damage-step"
    assert slug(".Before damage", dotted=True) == "before-damage"
    assert slug("Damage Step", dotted=True) == "damage-step"
