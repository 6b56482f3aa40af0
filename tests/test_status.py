import json
import shutil
from pathlib import Path

from ygorules.cli import main
from ygorules.core.kb import load_kb
from ygorules.reports.status import render_markdown, render_text, report

FIXTURE = Path(__file__).parent / "fixtures" / "contrib-kb"
FIXTURE_ENTRIES = len([p for p in FIXTURE.rglob("*.yaml") if p.name != "locales.yaml"])

GAPPY_CARD = """\
# yaml-language-server: $schema=../../schema/card.schema.json
id: mirror-force
passcode: '44095762'
card_type: trap
names:
  es: Fuerza de Espejo
  pt: Força do Espelho
  it: null
  en: Mirror Force
absent:
  it: never-printed
timings:
  - substep: damage-step.before-damage-calculation
    role: cannot-activate
    note:
      es: No se activa en este momento.
      it: Non si attiva in questo momento.
      en: It is not activated at this moment.
    sources:
      - rulebook-es-battle-phase
review:
  es: native-reviewed
  pt: native-reviewed
  it: machine-draft
  en: self-reviewed
"""


def _kb(tmp_path, with_gaps=True):
    root = tmp_path / "kb"
    shutil.copytree(FIXTURE, root)
    if with_gaps:
        (root / "cards" / "mirror-force.yaml").write_text(GAPPY_CARD, encoding="utf-8")
    return root


def test_report_of_a_complete_kb_counts_every_entry_complete(tmp_path):
    rep = report(load_kb(_kb(tmp_path, with_gaps=False)))
    assert rep["entries"] == FIXTURE_ENTRIES
    assert rep["missing"] == [] and rep["unreviewed"] == []
    for lang in ("es", "pt", "it", "en"):
        assert rep["totals"][lang]["complete"] == FIXTURE_ENTRIES
        assert rep["totals"][lang]["percent"] == 100.0


def test_report_tells_a_missing_text_from_a_null_name_from_an_unreviewed_language(tmp_path):
    rep = report(load_kb(_kb(tmp_path)))
    missing = {(m["id"], m["lang"]): m["gaps"] for m in rep["missing"]}
    assert missing[("mirror-force", "pt")] == [{"field": "timings.0.note", "what": "text"}]
    assert missing[("mirror-force", "it")] == [{"field": "names.it", "what": "name", "reason": "never-printed"}]
    assert ("mirror-force", "es") not in missing and ("honest", "pt") not in missing
    assert rep["unreviewed"] == [{"kind": "card", "id": "mirror-force", "folder": "cards",
                                  "file": "cards/mirror-force.yaml", "label": "Mirror Force", "langs": ["it"],
                                  "states": {"it": "machine-draft"}}]


def test_report_counts_review_states_per_language(tmp_path):
    rep = report(load_kb(_kb(tmp_path)))
    # mirror-force: es/pt native-reviewed, it machine-draft, en self-reviewed; the other entries give no state
    assert rep["review"]["it"] == {"machine-draft": 1, "self-reviewed": 0, "native-reviewed": 0, "none": FIXTURE_ENTRIES}
    assert rep["review"]["es"]["native-reviewed"] == 1 and rep["review"]["en"]["self-reviewed"] == 1
    assert "  it  machine-draft 1  self-reviewed 0  native-reviewed 0" in render_text(rep)
    assert "| machine-draft | 0 | 0 | 1 | 0 |" in render_markdown(rep)


def test_report_counts_per_kind_and_language(tmp_path):
    cards = report(load_kb(_kb(tmp_path)))["kinds"]["card"]
    assert cards["folder"] == "cards" and cards["entries"] == 2
    assert cards["languages"]["es"] == {"entries": 2, "complete": 2, "missing": 0, "unreviewed": 0,
                                        "texts": 4, "texts_missing": 0, "percent": 100.0}
    assert cards["languages"]["pt"]["missing"] == 1 and cards["languages"]["pt"]["complete"] == 1
    assert cards["languages"]["it"]["missing"] == 1 and cards["languages"]["it"]["unreviewed"] == 1
    assert cards["languages"]["it"]["percent"] == 50.0


def test_report_lists_every_kind_even_without_entries(tmp_path):
    kinds = report(load_kb(_kb(tmp_path)))["kinds"]
    assert kinds["ruling"]["entries"] == 0 and kinds["ruling"]["languages"]["en"]["percent"] == 100.0


def test_report_is_json_ready(tmp_path):
    rep = report(load_kb(_kb(tmp_path)))
    assert json.loads(json.dumps(rep)) == rep


def test_markdown_has_a_table_and_lists_the_entries_concerned(tmp_path):
    md = render_markdown(report(load_kb(_kb(tmp_path))))
    assert "| kind | es | pt | it | en |" in md
    assert "| card | 2/2 (100%) |" in md
    assert "`cards/mirror-force.yaml` (Mirror Force): `timings.0.note`" in md
    assert "`names.it (no official name: never-printed)`" in md
    assert "<summary><b>unreviewed</b>: 1 entry with draft text</summary>" in md


def test_text_lists_missing_and_unreviewed_apart(tmp_path):
    text = render_text(report(load_kb(_kb(tmp_path))))
    missing, unreviewed = text.split("Not yet reviewed by a fluent speaker")
    assert "pt  cards/mirror-force.yaml: timings.0.note" in missing
    assert "it  cards/mirror-force.yaml  (machine-draft)" in unreviewed


def test_status_command_prints_each_format(tmp_path, capsys):
    root = _kb(tmp_path)
    assert main(["status", "--kb", str(root), "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["errors"] == 0 and data["entries"] == FIXTURE_ENTRIES + 1
    assert main(["status", "--kb", str(root), "--format", "markdown"]) == 0
    assert capsys.readouterr().out.startswith("## Translation coverage")
    assert main(["status", "--kb", str(root)]) == 0
    assert "Missing (write the text" in capsys.readouterr().out


def test_status_counts_valid_entries_and_notes_errors(tmp_path, capsys):
    root = _kb(tmp_path)
    (root / "cards" / "broken.yaml").write_text("id: broken\nnames: [\n", encoding="utf-8")
    assert main(["status", "--kb", str(root), "--format", "json"]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["errors"] == 1
    assert "entries with errors are not counted" in captured.err
