"""`make mutation`: mutation testing of the core, names and cardtext parts with mutmut, and the score per module (tests/MUTATION.md).

mutmut imports the code it mutates from ``src/`` (or the top folder); ours lives in tools/ygorules. So each
module is run in a folder of its own, build/mutation/<part.module>/, a fresh copy with the package as
committed (at HEAD, or ``MUTATION_REV``) at src/ygorules, the schemas and data files of that commit, and the
tests of the working tree: others' uncommitted edits do not change under a run, and each score names the
commit of the module it measured. The modules mutated, the files copied and the tests run in a full run are
[tool.mutmut] in pyproject.toml; a run of one module narrows them to that module and to ``TESTS[module]``
below (the tests that pin it down), so stats collection and every mutant's run stay short.

    tests/mutation.py                          every module of only_mutate, one after the other
    tests/mutation.py 'ygorules.core.ids.*'    one module (any fnmatch pattern of mutant names; the module is its prefix)
    tests/mutation.py --score                  the score of every module's last run

``MUTATION_RESUME=1`` goes on with an interrupted run in its folder (the results it has stand; nothing is restaged).
``MUTATION_SAMPLE=N`` checks N mutants of each module drawn at random (seeded: the same draw each time; with
``MUTATION_RESUME=1`` a second run checks those left), for modules too large to check whole on a small machine; the
score line then gives the 95 % interval. Tests written against one draw's survivors make that draw flatter its module:
measure with another draw (``MUTATION_SEED=<any text>`` changes it). One worker by default (``MUTMUT_CHILDREN`` to
change it). Score: killed / (killed + survived + no tests), per module and in all; a mutant no test reaches counts
as a survivor. Timeouts and suspicious results are shown apart and not counted.
"""
from __future__ import annotations

import fnmatch
import io
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import tomllib
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WORK = ROOT / "build" / "mutation"
PACKAGE = ROOT / "tools" / "ygorules"
STATUS = {1: "killed", 3: "killed", 0: "survived", 5: "no tests", 33: "no tests", 34: "skipped", 36: "timeout",
          -24: "timeout", 24: "timeout", 152: "timeout", 255: "timeout", None: "not checked"}

_CORE_CHECK = ["tests/test_link_codes.py", "tests/test_core_behaviour.py", "tests/test_loader.py",
               "tests/test_schema_fixtures.py"]
_NAMES = ["tests/test_index_behaviour.py", "tests/test_mentions_behaviour.py", "tests/test_translate_behaviour.py"]
TESTS = {
    "core.errors": ["tests/test_errors_behaviour.py", "tests/test_core_behaviour.py"],
    "core.schema": ["tests/test_schema_fixtures.py", "tests/test_schema_behaviour.py", "tests/test_core_behaviour.py"],
    "core.model": ["tests/test_model_behaviour.py", "tests/test_activation.py"],
    "core.activation": ["tests/test_activation_behaviour.py", *(f"tests/test_activation.py::{t}" for t in (
        "test_each_rule_decides_its_case", "test_condition_only_with_only_if_and_localized", "test_acts_marks_the_cards_own_moment",
        "test_matrix_has_every_card_with_facts_and_leaves_archetypes_out", "test_unknown_card_timing_and_archetype_are_errors",
        "test_a_missing_rule_is_reported_not_guessed", "test_contradicting_facts_are_link_errors_with_line_and_fix"))],
    "core.ids": ["tests/test_ids_behaviour.py", "tests/test_link_codes.py"],
    "core.resources": ["tests/test_resources_behaviour.py"],
    "core.fsutil": ["tests/test_fsutil.py", "tests/test_core_behaviour.py"],
    "core.loader": ["tests/test_loader.py", "tests/test_loader_behaviour.py", "tests/test_schema_behaviour.py"],
    "core.kb": ["tests/test_kb_behaviour.py", *_CORE_CHECK, "tests/test_check_cache_and_fast_path.py", "tests/test_cache_invalidation.py"],
    "core.build": ["tests/test_build_behaviour.py", "tests/test_model_behaviour.py", *_CORE_CHECK],
    "core.link": _CORE_CHECK,
    "core.cache": ["tests/test_cache_module.py", "tests/test_cache_invalidation.py", "tests/test_check_cache_and_fast_path.py"],
    "core.extents": ["tests/test_citation_extents.py", "tests/test_core_behaviour.py"],
    "core.terms_lint": ["tests/test_terms_lint.py", "tests/test_core_behaviour.py"],
    "core.fold": ["tests/test_fold.py"],
    "core.locales": ["tests/test_locales.py"],
    "core.walk": ["tests/test_loader.py", "tests/test_core_behaviour.py"],
    "core.conditions": ["tests/test_conditions.py"],
    "core.review": ["tests/test_review_ledger.py"],
    "names.table": ["tests/test_table_import_behaviour.py", "tests/test_table_writer.py", "tests/test_names_import.py",
                    "tests/test_names_import_replace.py", "tests/test_namesakes.py"],
    "names.nicknames": ["tests/test_names_import.py", "tests/test_nicknames_behaviour.py"],
    "names.index": [*_NAMES, "tests/test_lookup.py", "tests/test_collisions.py", "tests/test_translate.py",
                    "tests/test_derived_tables.py", "tests/test_lookup_stems.py", "tests/test_namesakes.py",
                    "tests/test_epithet_forms.py"],
    "names.mentions": [*_NAMES, "tests/test_translate.py", "tests/test_capitals.py", "tests/test_ordinary_prose.py",
                       "tests/test_word_positions.py", "tests/test_card_lists.py"],
    "names.translate": [*_NAMES, "tests/test_translate.py", "tests/test_collisions.py", "tests/test_translate_closing.py",
                        "tests/test_ordinary_prose.py", "tests/test_copies_counted.py", "tests/test_nearby_support.py",
                        "tests/test_kb_everyday_longer.py", "tests/test_other_game.py", "tests/test_dash_aside.py",
                        "tests/test_own_epithet.py", "tests/test_list_item_counts.py", "tests/test_plural_members.py",
                        "tests/test_member_runs.py", "tests/test_famous_heads.py", "tests/test_english_guess.py",
                        "tests/test_list_line_spacing.py", "tests/test_translate_real.py", "tests/test_plural_names.py"],
    "names.fanmatch": ["tests/test_fanmatch.py", "tests/test_fanmatch_cover.py", "tests/test_fanmatch_widen.py",
                       "tests/test_fanmatch_third_language.py", "tests/test_english_guess.py"],
    "names.evidence": ["tests/test_translate_evidence.py", "tests/test_translate_evidence_rules.py", "tests/test_evidence_context.py",
                       "tests/test_evidence_longer_names.py", "tests/test_evidence_longest.py", "tests/test_evidence_common_noun.py",
                       "tests/test_evidence_phrases.py", "tests/test_evidence_archetypes.py", "tests/test_evidence_opening.py",
                       "tests/test_evidence_idioms.py", "tests/test_evidence_column.py", "tests/test_people_places.py",
                       "tests/test_copies_counted.py", "tests/test_series_lists.py", "tests/test_spelled_out.py", "tests/test_other_game.py",
                       "tests/test_named_products.py", "tests/test_namesakes.py", "tests/test_evidence_titles_quotes.py",
                       "tests/test_translate_real.py", "tests/test_list_line_spacing.py", "tests/test_evidence_labels.py"],
    "names.people": ["tests/test_people.py", "tests/test_people_places.py"],
    "names.acronyms": ["tests/test_acronyms.py", "tests/test_derived_tables.py"],
    "names.discourse": ["tests/test_discourse.py", "tests/test_discourse_initials.py", "tests/test_discourse_runs.py", "tests/test_member_series.py",
                        "tests/test_discourse_heads.py", "tests/test_discourse_determined.py", "tests/test_discourse_given.py",
                        "tests/test_discourse_again.py"],
    "names.numbers": ["tests/test_numbers.py", "tests/test_derived_tables.py"],
    "names.pieces": ["tests/test_pieces.py", "tests/test_derived_tables.py"],
    "names.partial": ["tests/test_partial_names.py", "tests/test_lookup_base.py", "tests/test_famous_heads.py"],
    "names.lists": ["tests/test_plus_lists.py", "tests/test_joined_lists.py"],
    "names.commas": ["tests/test_commas.py"],
    "names.plurals": ["tests/test_plural_names.py"],
    "names.variants": ["tests/test_written_variants.py"],
    "names.typos": ["tests/test_typos.py"],
    "names.prefixed": ["tests/test_prefixed.py"],
    "names.abbreviated": ["tests/test_abbreviated.py"],
    "names.glosses": ["tests/test_glosses.py"],
    "names.epithets": ["tests/test_epithets.py"],
    "names.unknown": ["tests/test_report_words.py"],
    "names.myths": ["tests/test_myths.py"],
    "cardtext.parse": ["tests/test_cardtext.py"],
}
"""Each module (dotted, under ygorules) → the tests that run when it is mutated (files or pytest node ids): fast,
in-process tests only (the tests that read the whole of kb/ are left out: they cost seconds per mutant)."""

LEFT_OUT = {
    "core.catalog": "its tests render every message against the whole of kb/ or run the CLI over it (seconds a test)",
    "names.facts_store": "its tests import a pool and answer `can` over the whole of kb/, partly in a subprocess",
    "cardtext.__init__": "re-exports parse and patterns only",
    "cardtext.patterns": "its content is the module-level table, which mutmut does not mutate; its one function, _p, "
                         "runs at import, before any test (mutmut reports 'Unable to force test failures')",
}
"""Modules of core/, names/ and cardtext/ (besides the empty __init__ files) that only_mutate leaves out, and why:
every other module of those parts is mutated (tests/test_mutation_config.py checks it)."""

_ARTICLES = ["tests/test_translate.py::test_article_000_renders_every_card_name_the_kb_locates_in_it",
             "tests/test_lookup.py::test_every_spelling_the_articles_use_finds_its_card_first",
             "tests/test_translate.py::test_memory_stays_bounded_on_a_large_text"]
_GLOSSARY = ["tests/test_conditions.py::test_rendered_conditions_use_no_form_the_glossary_avoids",
             "tests/test_conditions.py::test_the_templates_use_the_glossarys_official_names"]
_KEPT_TABLES = ["tests/test_derived_tables.py::test_names_import_keeps_the_pools_tables_so_translate_and_lookup_only_read_them"]
DESELECT = {"names.index": _ARTICLES + _KEPT_TABLES, "names.mentions": _ARTICLES, "names.translate": _ARTICLES,
            "core.conditions": _GLOSSARY, "names.pieces": _KEPT_TABLES, "names.acronyms": _KEPT_TABLES,
            "names.numbers": _KEPT_TABLES}
"""Each module → tests of its TESTS files left out of its runs: each costs seconds (a whole article, a 20 MB
stream, the whole of kb/'s glossary), and every mutant of the scanning or rendering code would run them; the other
tests of the files pin the same code down. _KEPT_TABLES counts the KB part's table builds in a fresh process: in a
mutant's run (forked from a process whose tests built them already) it fails for every mutant, which scored every
mutant of pieces killed (440 of 440 at 92c497a, all by that test), and it would do the same for every other module
that builds one of those tables (acronyms, numbers, index)."""


def config() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mutmut"]


def module_of(path: str) -> str:
    """'src/ygorules/core/link.py' → 'core.link'."""
    return path.removeprefix("src/ygorules/").removesuffix(".py").replace("/", ".")


def modules_for(patterns: list[str], all_modules: list[str]) -> list[str]:
    """The modules whose mutants the patterns can name.

    >>> modules_for(["ygorules.core.link.*"], ["core.link", "core.kb"])
    ['core.link']
    >>> modules_for(["ygorules.core.*"], ["core.link", "names.table"])
    ['core.link']
    """
    return [m for m in all_modules
            if any(fnmatch.fnmatch(f"ygorules.{m}.x_", p) or fnmatch.fnmatch(f"ygorules.{m}.xǁ", p)
                   or p.startswith(f"ygorules.{m}.") for p in patterns)]


def stage(module: str, cfg: dict, rev: str) -> Path:
    """A fresh build/mutation/<module>/: the package as committed at ``rev`` (src/ygorules) with the also_copy files
    of that commit, the tests of the working tree, and a pyproject.toml whose [tool.mutmut] mutates this module only
    and runs TESTS[module]. COMMIT records which commit of the module was measured."""
    work = WORK / module
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    committed = ["tools/ygorules", *cfg.get("also_copy", [])]
    archive = subprocess.run(["git", "archive", "--format=tar", rev, "--", *committed], cwd=ROOT, check=True,
                             capture_output=True).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(work, filter="data")
    (work / "src").mkdir()
    (work / "tools" / "ygorules").rename(work / "src" / "ygorules")
    shutil.rmtree(work / "tools")
    shutil.copytree(ROOT / "tests", work / "tests", ignore=shutil.ignore_patterns("__pycache__", "artifacts", "*.pyc"))
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    deselect = [arg for test in DESELECT.get(module, []) for arg in ("--deselect", test)]
    narrowed = {"only_mutate": [f"src/ygorules/{module.replace('.', '/')}.py"],
                "pytest_add_cli_args": [*cfg["pytest_add_cli_args"], *deselect],
                "pytest_add_cli_args_test_selection": [t for t in TESTS.get(module, cfg["pytest_add_cli_args_test_selection"])
                                                       if (ROOT / t.split('::')[0]).exists()]}
    for key, value in narrowed.items():
        text, n = re.subn(rf"(?ms)^{key} = \[.*?\]\n", f"{key} = {json.dumps(value)}\n", text, count=1)
        assert n == 1, f"pyproject.toml: [tool.mutmut] has no {key} = [...]"
    (work / "pyproject.toml").write_text(text, encoding="utf-8")
    last = subprocess.run(["git", "log", "-1", "--format=%h", rev, "--", f"tools/ygorules/{module.replace('.', '/')}.py"],
                          cwd=ROOT, check=True, capture_output=True, text=True).stdout.strip()
    (work / "COMMIT").write_text(last + "\n", encoding="utf-8")
    return work


def score(work: Path = WORK) -> dict[str, Counter]:
    """Results of the last run of each module: {'core/link.py @<commit>': Counter(status)}."""
    out: dict[str, Counter] = {}
    for meta in sorted(work.glob("*/mutants/src/ygorules/**/*.py.meta")):
        codes = json.loads(meta.read_text(encoding="utf-8"))["exit_code_by_key"].values()
        package = meta.parents[len(meta.relative_to(work).parts) - 5]  # <module>/mutants/src/ygorules
        name = meta.relative_to(package).as_posix()[: -len(".meta")]
        commit = package.parents[2] / "COMMIT"
        if commit.exists():
            name += f" @{commit.read_text(encoding='utf-8').strip()}"
        out[name] = Counter(STATUS.get(c, "suspicious") for c in codes)
        if (package.parents[2] / "SAMPLE").exists():  # the run checked a random sample (MUTATION_SAMPLE)
            out[name]["sample"] = int((package.parents[2] / "SAMPLE").read_text(encoding="utf-8"))
    return out


def report(results: dict[str, Counter]) -> str:
    """One line per module, a total per part and in all: killed, survived, no tests, the score, and what is left out.

    >>> print(report({"core/a.py @abc1234": Counter(killed=9, survived=1), "names/b.py @abc1234": Counter({"not checked": 4})}))
    core/a.py @abc1234         killed    9  survived    1  no tests    0  score  90.0%  (timeout 0, suspicious 0, not checked 0)
    core                       killed    9  survived    1  no tests    0  score  90.0%  (timeout 0, suspicious 0, not checked 0)
    names                      killed    0  survived    0  no tests    0  score     -  (timeout 0, suspicious 0, not checked 4)
    all                        killed    9  survived    1  no tests    0  score  90.0%  (timeout 0, suspicious 0, not checked 4)
    """
    lines, parts, total = [], {}, Counter()
    for name, c in results.items():
        total.update(c)
        parts.setdefault(name.split("/")[0], Counter()).update(c)
        if c["killed"] + c["survived"] + c["no tests"]:
            lines.append(_line(name, c, sampled=bool(c["sample"])))
    lines += [_line(part, c) for part, c in parts.items()]
    lines.append(_line("all", total))
    return "\n".join(lines)


def _line(name: str, c: Counter, sampled: bool = False) -> str:
    counted = c["killed"] + c["survived"] + c["no tests"]
    pct = f"{100 * c['killed'] / counted:5.1f}%" if counted else "    -"
    line = (f"{name:<26} killed {c['killed']:4}  survived {c['survived']:4}  no tests {c['no tests']:4}  score {pct}  "
            f"(timeout {c['timeout']}, suspicious {c['suspicious']}, not checked {c['not checked']})")
    if sampled and counted and c["not checked"]:
        low, high = wilson(c["killed"], counted)
        line += f"  a sample: 95% interval {100 * low:.1f}–{100 * high:.1f}%"
    return line


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion k/n (95 % by default): the score of a module of which a random
    sample of n mutants was checked.

    >>> [round(x, 3) for x in wilson(90, 100)]
    [0.826, 0.945]
    """
    p, z2 = k / n, z * z
    mid, half = (p + z2 / (2 * n)) / (1 + z2 / n), z * ((p * (1 - p) + z2 / (4 * n)) / n) ** 0.5 / (1 + z2 / n)
    return mid - half, mid + half


_GENERATE = """\
from pathlib import Path
from mutmut.__main__ import copy_also_copy_files, copy_src_dir, create_mutants, setup_source_paths, store_lines_covered_by_tests
Path("mutants").mkdir(exist_ok=True)
copy_src_dir(); copy_also_copy_files(); setup_source_paths(); store_lines_covered_by_tests(); create_mutants(1)
"""
"""mutmut's own first step of ``mutmut run`` (writing the mutants), alone: mutmut 3 has no command for it."""


def sample(work: Path, module: str, size: int, env: dict) -> list[str]:
    """``size`` mutants of the module drawn at random, the same draw every time (seeded by the module's name and
    ``MUTATION_SEED``), less those a run already checked. The mutants are written first if they are not there yet."""
    meta = work / "mutants" / "src" / "ygorules" / (module.replace(".", "/") + ".py.meta")
    if not meta.exists():
        subprocess.run([sys.executable, "-c", _GENERATE], cwd=work, env=env, check=True, stdout=subprocess.DEVNULL)
    codes = json.loads(meta.read_text(encoding="utf-8"))["exit_code_by_key"]
    drawn = random.Random(module + os.environ.get("MUTATION_SEED", "")).sample(sorted(codes), min(size, len(codes)))
    return sorted(name for name in drawn if codes[name] is None)


def run(module: str, patterns: list[str], cfg: dict) -> int:
    work = WORK / module
    if not (os.environ.get("MUTATION_RESUME") and (work / "mutants").is_dir()):
        work = stage(module, cfg, os.environ.get("MUTATION_REV", "HEAD"))
    env = {**os.environ, "YGORULES_CACHE": tempfile.mkdtemp(prefix="ygorules-mutation-")}
    mutmut = Path(sys.executable).with_name("mutmut")
    print(f"==> mutmut: {module} ({', '.join(TESTS.get(module, ['[tool.mutmut] tests']))})", flush=True)
    # Patterns naming a whole module (ygorules.core.ids.*) run it as mutmut's default run; narrower ones are passed on.
    names = [p for p in patterns if p not in (f"ygorules.{module}.*", "ygorules.*")]
    names = [p for p in names if modules_for([p], [module])]
    if os.environ.get("MUTATION_SAMPLE") and not names:
        names = sample(work, module, int(os.environ["MUTATION_SAMPLE"]), env)
        (work / "SAMPLE").write_text(os.environ["MUTATION_SAMPLE"] + "\n", encoding="utf-8")
        print(f"==> a sample: {len(names)} mutants left to check of {os.environ['MUTATION_SAMPLE']} drawn", flush=True)
        if not names:
            return 0
    code = subprocess.call([str(mutmut), "run", "--max-children", os.environ.get("MUTMUT_CHILDREN", "1"), *names],
                           cwd=work, env=env)
    return 0 if code in (0, 1) else code


def main(argv: list[str]) -> int:
    if argv[:1] != ["--score"]:
        cfg = config()
        all_modules = [module_of(p) for p in cfg["only_mutate"]]
        chosen = modules_for(argv, all_modules) if argv else all_modules
        if argv and not chosen:
            print(f"mutation.py: no module of [tool.mutmut] only_mutate matches {argv}", file=sys.stderr)
            return 2
        for module in chosen:
            code = run(module, argv, cfg)
            if code:
                return code
    print(report(score()))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
