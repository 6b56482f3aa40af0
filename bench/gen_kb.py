"""Generate a synthetic knowledge base of N cards for benchmarks: realistic names in four languages
(accents, apostrophes, other spellings), timings and rulings, around a copy of the test skeleton.

    python bench/gen_kb.py 14000 /tmp/kb14k
"""
from __future__ import annotations

import argparse
import random
import shutil
from pathlib import Path

SKELETON = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "mini-kb"
WORDS = {
    "en": ["Dragon", "Mirror", "Force", "Fairy", "Injection", "Dark", "Magician", "Knight", "Guardian", "Shadow", "Flame",
           "Crystal", "Beast", "Storm", "Ancient", "Lamp", "Cyber", "Star", "Wall", "Honest", "Gate", "Sacred", "Thunder"],
    "es": ["Dragón", "Espejo", "Fuerza", "Hada", "Inyección", "Oscuro", "Mago", "Caballero", "Guardián", "Sombra", "Llama",
           "Cristal", "Bestia", "Tormenta", "Antiguo", "Lámpara", "Ciber", "Estrella", "Muro", "Honesto", "Puerta", "Sagrado", "Trueno"],
    "pt": ["Dragão", "Espelho", "Força", "Fada", "Injeção", "Sombrio", "Mago", "Cavaleiro", "Guardião", "Sombra", "Chama",
           "Cristal", "Besta", "Tempestade", "Antigo", "Lâmpada", "Ciber", "Estrela", "Muralha", "Honesto", "Portão", "Sagrado", "Trovão"],
    "it": ["Drago", "Specchio", "Forza", "Fata", "Iniezione", "Oscuro", "Mago", "Cavaliere", "Guardiano", "Ombra", "Fiamma",
           "Cristallo", "Bestia", "Tempesta", "Antico", "Lampada", "Cyber", "Stella", "Muro", "Onesto", "Porta", "Sacro", "Tuono"],
}
SUBSTEPS = ["damage-step.start", "damage-step.end"]
ROLES = ["activates", "triggers", "applies", "negates", "cannot-activate"]


def q(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def card(i: int, rng: random.Random) -> tuple[str, str]:
    picks = rng.sample(range(len(WORDS["en"])), 3)
    names = {l: " ".join(WORDS[l][p] for p in picks) + f" {i}" for l in ("es", "pt", "it", "en")}
    names["it"] = "L'" + names["it"] if i % 7 == 0 else names["it"]
    cid = f"card-{i:05d}"
    lines = [f"# yaml-language-server: $schema=../../../schema/card.schema.json", f"id: {cid}", f"passcode: '{10000000 + i}'",
             f"card_type: {rng.choice(['monster', 'spell', 'trap'])}", "names:"]
    lines += [f"  {l}: {q(names[l])}" for l in ("es", "pt", "it", "en")]
    lines += ["spellings:", f"  - text: {q(names['es'].replace('ó', 'o').replace('á', 'a').replace('ú', 'u') + 'x')}", "    lang: es",
              "    kind: misspelling", "    source: test-article", "    where: L3", "timings:"]
    for _ in range(rng.randint(1, 2)):
        lines += [f"  - substep: {rng.choice(SUBSTEPS)}", f"    role: {rng.choice(ROLES)}", "    note:",
                  f"      es: {q('Actúa aquí porque su efecto lo dice; número ' + str(i) + '.')}",
                  f"      pt: {q('Age aqui porque o seu efeito o diz; número ' + str(i) + '.')}",
                  f"      it: {q('Agisce qui perché il suo effetto lo dice; numero ' + str(i) + '.')}",
                  f"      en: {q('It acts here because its effect says so; number ' + str(i) + '.')}",
                  "    sources:", "      - source: test-article", "        where: L12-L14"]
    return cid, "\n".join(lines) + "\n"


def ruling(i: int, card_ids: list[str], rng: random.Random) -> str:
    cards = sorted(set(rng.sample(card_ids, min(2, len(card_ids)))))
    loc = lambda key, text, pad="": [f"{pad}{key}:"] + [f"{pad}  {l}: {q(text + ' (' + l + f') {i}')}" for l in ("es", "pt", "it", "en")]
    lines = ["# yaml-language-server: $schema=../../../schema/ruling.schema.json", f"id: ruling-{i:05d}"]
    lines += loc("title", "Caso") + loc("question", "¿Qué pasa?") + ["answer:"] + loc("text", "Esto pasa", "  ")
    lines += ["  sources: [test-article]", "status: current", f"cards: [{', '.join(cards)}]", f"substeps: [{rng.choice(SUBSTEPS)}]"]
    return "\n".join(lines) + "\n"


def generate(n: int, out: Path, seed: int = 1) -> Path:
    """Write a KB of ``n`` cards (and n/10 rulings) to ``out``, replacing it."""
    rng = random.Random(seed)
    if out.exists():
        shutil.rmtree(out)
    shutil.copytree(SKELETON, out)
    ids = []
    for i in range(n):
        cid, text = card(i, rng)
        (out / "cards" / f"{cid}.yaml").write_text(text, encoding="utf-8")
        ids.append(cid)
    for i in range(max(1, n // 10)):
        (out / "rulings" / f"ruling-{i:05d}.yaml").write_text(ruling(i, ids, rng), encoding="utf-8")
    return out


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("n", type=int)
    ap.add_argument("out", type=Path)
    a = ap.parse_args()
    generate(a.n, a.out)
    print(f"wrote {a.n} cards to {a.out}")
