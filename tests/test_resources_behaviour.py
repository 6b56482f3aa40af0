"""Where ygorules finds its schemas, site sources and data files: in the checkout, or in the wheel's _data copy."""
import os

import pytest

from ygorules.core import resources


def test_in_a_checkout_each_resource_is_the_checkouts_file(monkeypatch, tmp_path):
    monkeypatch.setattr(resources, "BUNDLED", str(tmp_path / "no-data"))
    assert resources.checkout() == resources.CHECKOUT
    assert resources.path("schema") == os.path.join(resources.CHECKOUT, "schema")
    assert resources.path("locales.yaml") == os.path.join(resources.CHECKOUT, "kb", "locales.yaml")
    assert os.path.isfile(os.path.join(resources.path("schema"), "card.schema.json"))


def test_installed_the_bundled_copy_wins_and_there_is_no_checkout(monkeypatch, tmp_path):
    (tmp_path / "nicknames.tsv").write_text("x", encoding="utf-8")
    monkeypatch.setattr(resources, "BUNDLED", str(tmp_path))
    assert resources.checkout() is None
    assert resources.path("nicknames.tsv") == str(tmp_path / "nicknames.tsv")
    assert resources.path("schema") == os.path.join(resources.CHECKOUT, "schema")  # not bundled: the checkout's


def test_an_unknown_resource_is_a_key_error():
    with pytest.raises(KeyError):
        resources.path("nope")
