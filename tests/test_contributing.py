import fnmatch
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from ygorules.edit import fmt
from ygorules.cli import _command_names, main
from ygorules.core.kb import collect
from ygorules.core.loader import LoadError, load_file, parse
from ygorules.core.schema import KINDS, SCHEMA_DIR

ROOT = Path(__file__).resolve().parents[1]
GUIDE = ROOT / "CONTRIBUTING.md"
FIXTURE = Path(__file__).parent / "fixtures" / "contrib-kb"
KB_FILES = sorted(p for p in (ROOT / "kb").rglob("*.yaml"))
FIXTURE_KB_FILES = sorted(p for d in (Path(__file__).parent / "fixtures").glob("*-kb") for p in d.rglob("*.yaml"))
BIN = Path(sys.executable).parent


def _guide() -> str:
    return GUIDE.read_text(encoding="utf-8")


def _fenced(lang: str) -> list[str]:
    return re.findall(rf"^```{lang}\n(.*?)^```", _guide(), re.M | re.S)


def _commands() -> list[tuple[str, bool]]:
    """Every `ygorules ...` command the guide shows: (command, whether it is in a shell block)."""
    found = []
    for block in _fenced("sh"):
        for line in block.splitlines():
            line = line.split(" #", 1)[0].strip()
            if line.startswith("ygorules "):
                found.append((line, True))
    for span in re.findall(r"`(ygorules [^`]*)`", _guide()):
        found.append((span.strip(), False))
    seen, unique = set(), []
    for cmd, fenced in found:
        if cmd not in seen:
            seen.add(cmd)
            unique.append((cmd, fenced))
    return unique


def _entries() -> list[str]:
    return [b for b in _fenced("yaml") if b.startswith("# yaml-language-server:") and "\nid: " in b]


@pytest.fixture
def workdir(tmp_path, monkeypatch):
    shutil.copytree(FIXTURE, tmp_path / "kb")
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("YGORULES_KB", raising=False)
    monkeypatch.setenv("YGORULES_NAMES", str(tmp_path / "no-name-table.tsv.gz"))
    monkeypatch.setenv("YGORULES_CACHE", str(tmp_path / "cache"))
    return tmp_path


def test_the_guide_shows_the_main_commands():
    shown = {cmd.split()[1] for cmd, _ in _commands()}
    assert {"check", "status", "fmt", "new"} <= shown


def _inline_commands() -> list[tuple[str, bool]]:
    """The commands named in the prose; those of ```sh blocks are run in order by tests/test_docs_commands.py."""
    fenced = {c for c, f in _commands() if f}
    return [(c, f) for c, f in _commands() if not f and c not in fenced]


@pytest.mark.parametrize("command, fenced", _inline_commands(), ids=[c for c, _ in _inline_commands()])
def test_every_command_in_the_guide_exists_and_runs(workdir, command, fenced, capsys):
    argv = shlex.split(command.split(" > ", 1)[0])[1:]
    assert argv[0] in _command_names() or argv[0] in ("--help", "--version"), f"`{command}`: no such command"
    blanks = [i for i, a in enumerate(argv) if re.fullmatch(r"[A-Z]{2,}|<.*>|.*\.\.\..*", a)]
    if "serve" in argv:  # a server runs until stopped: that its command line parses is what we can check
        blanks.append(argv.index("serve") + 1)
    placeholder = bool(blanks)
    if placeholder:  # a command shown with placeholders (KIND, NAME): its help must run
        argv = argv[:min(blanks)]
    try:
        code = main(argv + (["--help"] if placeholder else []))
    except SystemExit as exc:  # argparse: --help exits 0, a usage error exits 2
        code = exc.code
        if code == 2 and not fenced:  # prose mentions a command without its arguments: its help must run
            with pytest.raises(SystemExit) as helped:
                main(argv + ["--help"])
            code = helped.value.code
    assert code == 0, f"`{command}` exited {code}: {capsys.readouterr()}"


@pytest.mark.parametrize("entry", _entries(), ids=lambda e: e.split("\nid: ", 1)[1].split("\n", 1)[0])
def test_every_copy_paste_entry_in_the_guide_passes_check_and_is_canonical(workdir, entry):
    kind = re.search(r"/(\w+)\.schema\.json", entry.split("\n", 1)[0]).group(1)
    entry_id = re.search(r"^id: (\S+)$", entry, re.M).group(1)
    folder = {k: f for f, k in KINDS.items()}[kind]
    path = workdir / "kb" / folder / f"{entry_id}.yaml"
    path.parent.mkdir(exist_ok=True)
    path.write_text(entry, encoding="utf-8")
    _, problems = collect(workdir / "kb")
    assert [p.format() for p in problems if path.name in p.path] == []
    assert not fmt.format_file(path).changed


def test_every_yaml_snippet_in_the_guide_loads_strictly():
    blocks = _fenced("yaml")
    assert len(blocks) >= 8
    for block in blocks:
        if any(not line.startswith("#") for line in block.splitlines()):
            assert isinstance(parse(block, "CONTRIBUTING.md").data, dict), block


def test_every_project_path_the_guide_names_exists():
    paths = set(re.findall(r"`((?:tools|tests|schema)/[^`<>*\s]+|\.vscode/[^`\s]+|\.pre-commit-config\.yaml|\.yamllint\.yaml)`", _guide()))
    assert len(paths) > 10
    missing = sorted(p for p in paths if not (ROOT / p).exists())
    assert missing == []


def test_the_guide_covers_every_change_a_contributor_makes():
    guide = _guide()
    table = guide.split("### Where does my change go?", 1)[1].split("###", 1)[0]
    for change in ("new card", "missing translation", "another spelling", "ruling", "correct a timing"):
        assert change in table
    for section in ("### The one command to run", "### How to cite a source", "### Official names and terms",
                    "### Per-language notes", "### Review states: drafts are marked, never passed off",
                    "### A card, step by step", "### Exit codes",
                    "## For developers", "### Adding a command"):
        assert section in guide
    for lang in ("Español (es)", "Português do Brasil (pt)", "Italiano (it)", "English (en)"):
        assert f"**{lang}**" in guide


# ---- editor support ----------------------------------------------------------------------

def _schemas():
    return sorted(SCHEMA_DIR.glob("*.schema.json"))


def _walk(node, where=""):
    if isinstance(node, dict):
        yield where, node
        for key, value in node.items():
            yield from _walk(value, f"{where}/{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _walk(value, f"{where}/{i}")


@pytest.mark.parametrize("path", _schemas(), ids=lambda p: p.name)
def test_every_schema_property_has_a_description(path):
    schema = json.loads(path.read_text(encoding="utf-8"))
    undocumented = [f"{where}/properties/{name}" for where, node in _walk(schema)
                    for name, prop in (node.get("properties") or {}).items()
                    if not (isinstance(prop, dict) and str(prop.get("description", "")).strip())]
    assert undocumented == []
    assert schema.get("description", "").strip()


@pytest.mark.parametrize("path", _schemas(), ids=lambda p: p.name)
def test_every_schema_enum_value_is_documented(path):
    schema = json.loads(path.read_text(encoding="utf-8"))
    for where, node in _walk(schema):
        if "enum" in node:
            docs = node.get("enumDescriptions")
            assert isinstance(docs, list) and len(docs) == len(node["enum"]), f"{path.name}{where}"
            assert all(isinstance(d, str) and d.strip() for d in docs), f"{path.name}{where}"


def test_vscode_settings_map_every_kb_folder_to_its_schema():
    settings = json.loads((ROOT / ".vscode" / "settings.json").read_text(encoding="utf-8"))
    mapping = settings["yaml.schemas"]
    globs = {g: schema for schema, gs in mapping.items() for g in ([gs] if isinstance(gs, str) else gs)}
    for folder, kind in KINDS.items():
        assert globs.get(f"kb/{folder}/*.yaml") == f"./schema/{kind}.schema.json"
    assert globs.get("kb/locales.yaml") == "./schema/locales.schema.json"
    for schema in mapping:
        assert (ROOT / schema).is_file(), schema
    assert settings["yaml.yamlVersion"] == "1.2"
    assert settings["[yaml]"]["editor.tabSize"] == 2


def test_vscode_recommends_the_red_hat_yaml_extension():
    extensions = json.loads((ROOT / ".vscode" / "extensions.json").read_text(encoding="utf-8"))
    assert "redhat.vscode-yaml" in extensions["recommendations"]


@pytest.mark.parametrize("path", KB_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_kb_file_is_matched_by_exactly_one_vscode_schema_glob(path):
    mapping = json.loads((ROOT / ".vscode" / "settings.json").read_text(encoding="utf-8"))["yaml.schemas"]
    rel = path.relative_to(ROOT).as_posix()
    matches = [schema for schema, gs in mapping.items() for g in gs if fnmatch.fnmatch(rel, g)]
    assert matches == [f"./schema/{fmt.kind_of(path)}.schema.json"]


@pytest.mark.parametrize("path", KB_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_kb_file_starts_with_the_modeline_of_its_schema(path):
    first = path.read_text(encoding="utf-8").split("\n", 1)[0]
    m = fmt.MODELINE.match(first)
    assert m, f"{path}: first line is not `{fmt.modeline(fmt.kind_of(path))}` (run `ygorules fmt {path}`)"
    assert m.group(1).endswith(f"/{fmt.kind_of(path)}.schema.json")
    assert (path.parent / m.group(1)).resolve().is_file()


# ---- YAML 1.1 (PyYAML) versus YAML 1.2 (the editor) --------------------------------------

def _yaml12(text: str):
    """What a YAML 1.2 parser reads: ruamel.yaml, pure Python, version 1.2, core schema (no timestamps)."""
    from ruamel.yaml import YAML

    y = YAML(typ="safe", pure=True)
    y.version = (1, 2)
    y.constructor.add_constructor("tag:yaml.org,2002:timestamp", lambda c, node: c.construct_scalar(node))
    return y.load(text)


@pytest.mark.parametrize("path", KB_FILES + FIXTURE_KB_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_strict_loader_and_a_yaml_1_2_parser_agree_on_every_kb_file(path):
    try:
        ours = load_file(path).data
    except LoadError:
        pytest.skip("the strict loader rejects this file (a fixture of bad input)")
    assert fmt._typed(ours) == fmt._typed(_yaml12(path.read_text(encoding="utf-8")))


@pytest.mark.parametrize("scalar", ["yes", "No", "on", "OFF", "y", "0o17", "017", "0x1F", "1_000", "1:20", "0b101",
                                    "true", "False", "null", "~", "12", "-3", "+4", "1.5", "1.10", "1e5", "2020-01-02",
                                    "2001-12-14t21:59:43.10-05:00", "'44095762'", "Mirror Force", "L'Onesto"])
def test_strict_loader_rejects_or_agrees_with_yaml_1_2(scalar):
    text = f"k: {scalar}\n"
    try:
        ours = parse(text, "t.yaml").data
    except LoadError:
        return
    assert fmt._typed(ours) == fmt._typed(_yaml12(text))


def test_strict_loader_rejects_what_yaml_1_1_reads_otherwise():
    for scalar in ("yes", "on", "0o17", "017", "1_000", "1:20", "0b101"):
        with pytest.raises(LoadError):
            parse(f"k: {scalar}\n", "t.yaml")


# ---- pre-commit hooks and yamllint -------------------------------------------------------

def _hooks():
    config = load_file(ROOT / ".pre-commit-config.yaml").data
    return [h for repo in config["repos"] for h in repo["hooks"]]


def _run_hook(hook, repo: Path):
    argv = shlex.split(hook["entry"])
    argv[0] = str(BIN / Path(argv[0]).name) if argv[0].startswith(".venv/bin/") else argv[0]
    files = sorted(p.relative_to(repo).as_posix() for p in repo.rglob("*") if p.is_file())
    files = [f for f in files if re.search(hook.get("files", ""), f)]
    env = {**{k: v for k, v in os.environ.items() if k != "YGORULES_KB"}, "YGORULES_CACHE": str(repo / ".cache")}
    if hook.get("pass_filenames", True):
        argv += files
    return subprocess.run(argv, cwd=repo, capture_output=True, text=True, env=env)


def test_pre_commit_runs_check_fmt_and_yamllint_as_local_hooks():
    config = load_file(ROOT / ".pre-commit-config.yaml").data
    assert [r["repo"] for r in config["repos"]] == ["local"]
    entries = [h["entry"] for h in _hooks()]
    assert entries == [".venv/bin/ygorules check", ".venv/bin/ygorules fmt --check",
                       ".venv/bin/yamllint --strict -c .yamllint.yaml"]
    assert all(h["language"] == "system" for h in _hooks())


@pytest.fixture
def repo(tmp_path):
    pytest.importorskip("yamllint")
    shutil.copytree(FIXTURE, tmp_path / "kb")
    shutil.copy(ROOT / ".yamllint.yaml", tmp_path / ".yamllint.yaml")
    return tmp_path


def test_every_pre_commit_hook_passes_on_a_clean_kb(repo):
    for hook in _hooks():
        proc = _run_hook(hook, repo)
        assert proc.returncode == 0, (hook["id"], proc.stdout, proc.stderr)


def test_yamllint_hook_forbids_yaml_1_1_truthy_values_and_duplicate_keys(repo):
    card = repo / "kb" / "cards" / "honest.yaml"
    card.write_text(card.read_text(encoding="utf-8") + "official: yes\nno: 1\nid: honest\n", encoding="utf-8")
    hook = next(h for h in _hooks() if h["id"] == "yamllint")
    proc = _run_hook(hook, repo)
    assert proc.returncode != 0
    assert "truthy value should be one of [false, true]  (truthy)" in proc.stdout
    assert 'duplication of key "id" in mapping  (key-duplicates)' in proc.stdout
    assert len(re.findall(r"\(truthy\)", proc.stdout)) == 2  # the value `yes` and the key `no`


def test_fmt_hook_fails_on_a_file_out_of_canonical_order(repo):
    card = repo / "kb" / "cards" / "honest.yaml"
    lines = card.read_text(encoding="utf-8").split("\n")
    card.write_text("\n".join([lines[0], lines[2], lines[1], *lines[3:]]), encoding="utf-8")
    proc = _run_hook(next(h for h in _hooks() if h["id"] == "ygorules-fmt"), repo)
    assert proc.returncode == 1 and "would reformat kb/cards/honest.yaml (key order)" in proc.stdout


def test_check_hook_fails_on_an_invalid_entry(repo):
    card = repo / "kb" / "cards" / "honest.yaml"
    card.write_text(card.read_text(encoding="utf-8").replace("card_type: monster", "card_type: monstr"), encoding="utf-8")
    proc = _run_hook(next(h for h in _hooks() if h["id"] == "ygorules-check"), repo)
    assert proc.returncode == 1 and "did you mean 'monster'?" in proc.stdout
