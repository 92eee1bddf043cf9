"""A seeded sample of mutants of tftmanager/rules, each run against tests/rules.

Why our own script and not mutmut: the rules core is small, the sample must be
the same from run to run (a seed), and one changed token per mutant is enough
to show which behaviour the rules tests never pin down.  Each mutant changes
one operator, comparison, boolean, number or min/max in one module; the rules
tests run against a copy of the package with that change, and a mutant the
tests do not fail "survives".  The score is killed / run (see below for the equivalent).

    python scripts/mutants.py --count 137 --seed 13        (make soak runs this)
    python scripts/mutants.py --count 5 --seed 1            (a quick check)
    python scripts/mutants.py --fight --count 120 --seed 13 (the fight's modules, also in soak)

``--fight`` samples only the fight's modules (``FIGHT``) and runs only the
fight's tests (``FIGHT_TESTS``).

Some mutants change no behaviour at all (an ``or`` of two tests where one
implies the other, a bound no input can reach): no test can kill them.  Each
one found is reviewed and listed in ``mutants-equivalent.toml`` beside this
script, by module, the line as written, the token and its replacement, with a
one-line reason.  They stay in the sample (so a seed draws the same mutants
however long the list grows) but are not run, and the score is killed / the
non-equivalent mutants run.  An entry whose line is no longer in its module
is named as stale, to be reviewed again.

The copy lives in a temporary folder put first on ``sys.path`` (the tests run
with it as their working folder), so the checkout itself is never changed.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
import tokenize
import tomllib
from dataclasses import asdict, dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "tftmanager" / "rules"
TESTS = ROOT / "tests" / "rules"

# The fight's modules and the tests that pin them down (issue 27).
FIGHT = ("encounter*.py", "injury.py", "heights.py", "awards.py", "bestiary.py")
FIGHT_TESTS = ("test_encounter.py", "test_encounter_book.py", "test_encounter_units.py",
               "test_heights.py", "test_awards.py", "test_derived_rules.py",
               "test_library_data.py", "test_fight_survivors.py")
FIGHT_TESTS += ("test_encounter_states.py", "test_fight_numbers.py", "test_character_after.py",
                "test_encounter_weapons.py", "test_encounter_states_37.py",
                "test_encounter_tracker.py", "test_encounter_options_37.py",
                "test_encounter_brawl_37.py")
# Mutants that change no behaviour, reviewed, each with its reason.
EQUIVALENT_LIST = Path(__file__).with_name("mutants-equivalent.toml")

SWAPS = {
    "+": "-", "-": "+", "*": "//", "//": "*", "<": "<=", "<=": "<", ">": ">=", ">=": ">",
    "==": "!=", "!=": "==", "and": "or", "or": "and", "True": "False", "False": "True",
    "min": "max", "max": "min", "is": "is not", "in": "not in",
}


@dataclass(frozen=True)
class Mutant:
    """One token of one module replaced."""

    path: str  # relative to the checkout
    line: int
    col: int
    old: str
    new: str
    text: str = ""  # the line as written, stripped (names the mutant whatever its number)
    nth: int = 1  # which ``old`` of the line, from 1

    def where(self) -> str:
        """``tftmanager/rules/money.py:12: + -> -`` for the report."""
        return f"{self.path}:{self.line}: {self.old!r} -> {self.new!r}"

    def key(self) -> tuple[str, str, str, str, int]:
        """What the list of equivalent mutants names it by: line numbers move, text stays."""
        return (self.path, self.text, self.old, self.new, self.nth)


def equivalents(listing: Path = EQUIVALENT_LIST) -> dict[tuple[str, str, str, str, int], str]:
    """The reviewed equivalent mutants, by key, with their reasons."""
    if not listing.exists():
        return {}
    found = {}
    for row in tomllib.loads(listing.read_text(encoding="utf-8")).get("equivalent", []):
        key = (row["path"], row["line"].strip(), row["old"], row["new"], int(row.get("nth", 1)))
        found[key] = str(row["reason"])
    return found


def candidates(path: Path) -> list[Mutant]:
    """Every token of ``path`` that one of the swaps (or a number + 1) applies to."""
    text = path.read_text(encoding="utf-8")
    rel = str(path.relative_to(ROOT))
    rows = text.splitlines()
    found = []
    seen: dict[tuple[int, str], int] = {}  # (line, token) -> how many so far on the line
    previous = before = ""
    for tok in tokenize.generate_tokens(io.StringIO(text).readline):
        line, col = tok.start
        new = ""
        if (before, previous) == ("frozen", "="):
            pass  # ``@dataclass(frozen=True)``: equivalent (nothing assigns to a field)
        elif tok.type == tokenize.NUMBER and tok.string.isdigit():
            new = str(int(tok.string) + 1)
        elif (tok.type in (tokenize.OP, tokenize.NAME) and tok.string in SWAPS
              # "not in" and "is not" are two tokens, and "for x in": leave them alone.
              and not (tok.string == "in" and previous in ("not", "for"))):
            new = SWAPS[tok.string]
        if new:
            nth = seen[line, tok.string] = seen.get((line, tok.string), 0) + 1
            found.append(Mutant(rel, line, col, tok.string, new, rows[line - 1].strip(), nth))
        if tok.type not in (tokenize.NL, tokenize.COMMENT):
            before, previous = previous, tok.string
    return [m for m in found if m.old.isdigit() or _compiles(text, m, rel)]


def _compiles(text: str, mutant: Mutant, name: str) -> bool:
    """Whether the mutant is Python at all.

    ``for a, b in``, ``x is not y`` and the like turn into syntax errors
    (``for a, b not in``, ``is not not``); such a "mutant" fails every test
    without showing anything about them, so it is left out of the pool.
    """
    try:
        compile(apply(text, mutant), name, "exec", dont_inherit=True)
    except SyntaxError:
        return False
    return True


def apply(text: str, mutant: Mutant) -> str:
    """``text`` with the mutant's token replaced."""
    lines = text.splitlines(keepends=True)
    row = lines[mutant.line - 1]
    assert row[mutant.col:mutant.col + len(mutant.old)] == mutant.old, mutant
    lines[mutant.line - 1] = row[:mutant.col] + mutant.new + row[mutant.col + len(mutant.old):]
    return "".join(lines)


def pool(patterns: tuple[str, ...] = ("*.py",)) -> list[Mutant]:
    """Every mutant of the rules modules matching ``patterns``."""
    paths = sorted({p for pattern in patterns for p in RULES.glob(pattern)})
    return [m for path in paths for m in candidates(path)]


def sample(count: int, seed: int, patterns: tuple[str, ...] = ("*.py",)) -> list[Mutant]:
    """``count`` mutants drawn with ``seed`` from the rules modules matching ``patterns``."""
    everyone = pool(patterns)
    return sorted(random.Random(seed).sample(everyone, min(count, len(everyone))),
                  key=lambda m: (m.path, m.line, m.col))


def stale(listed: dict[tuple[str, str, str, str, int], str]) -> list[str]:
    """Listed equivalents that no longer name a mutant of the modules (their line changed)."""
    known = {m.key() for m in pool()}
    return [f"{path}: {text!r}: {old!r} -> {new!r}"
            for path, text, old, new, nth in listed if (path, text, old, new, nth) not in known]


def copy_package(into: Path) -> Path:
    """A copy of tftmanager (rules data and migrations linked) to mutate."""
    package = into / "tftmanager"
    shutil.copytree(ROOT / "tftmanager", package,
                    ignore=shutil.ignore_patterns("__pycache__"))
    (package / "resources").symlink_to(ROOT / "resources")
    (package / "db").symlink_to(ROOT / "db")
    return package


def killed(work: Path, timeout: float, tests: tuple[str, ...] = ()) -> bool:
    """Whether the rules tests (or only ``tests`` of them) fail or hang against the copy."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONDONTWRITEBYTECODE": "1"}
    targets = [str(TESTS / t) for t in tests] if tests else [str(TESTS)]
    command = [sys.executable, "-m", "pytest", *targets, "-x", "-q", "-p", "no:cacheprovider",
               "--rootdir", str(ROOT), "-c", str(ROOT / "pyproject.toml")]
    try:
        done = subprocess.run(command, cwd=work, env=env, capture_output=True, timeout=timeout,
                              check=False)
    except subprocess.TimeoutExpired:
        return True
    return done.returncode != 0


def main() -> int:
    """Run the sample and print the score; exit 1 only if the unmutated tests fail."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=137)
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--report", type=Path, help="write survivors as JSON here")
    parser.add_argument("--fight", action="store_true",
                        help="only the fight's modules, against the fight's tests")
    args = parser.parse_args()
    drawn = sample(args.count, args.seed, FIGHT if args.fight else ("*.py",))
    listed = equivalents()
    mutants = [m for m in drawn if m.key() not in listed]
    skipped = [m for m in drawn if m.key() in listed]
    tests = FIGHT_TESTS if args.fight else ()
    with tempfile.TemporaryDirectory(prefix="tftm-mutants-") as folder:
        work = Path(folder)
        package = copy_package(work)
        start = time.monotonic()
        if killed(work, timeout=600, tests=tests):
            print("The rules tests fail without any mutant: fix them first.")
            return 1
        timeout = max(30.0, 3 * (time.monotonic() - start))
        survivors = []
        for number, mutant in enumerate(mutants, 1):
            target = package / Path(mutant.path).relative_to("tftmanager")
            original = target.read_text(encoding="utf-8")
            target.write_text(apply(original, mutant), encoding="utf-8")
            try:
                dead = killed(work, timeout, tests)
            finally:
                target.write_text(original, encoding="utf-8")
            print(f"[{number}/{len(mutants)}] {'killed ' if dead else 'SURVIVED'} "
                  f"{mutant.where()}", flush=True)
            if not dead:
                survivors.append(mutant)
    report(args, drawn, skipped, survivors, listed)
    return 0


def report(args: argparse.Namespace, drawn: list[Mutant], skipped: list[Mutant],
           survivors: list[Mutant], listed: dict[tuple[str, str, str, str, int], str]) -> None:
    """Print the score of the non-equivalent mutants (and write the JSON report if asked)."""
    run = len(drawn) - len(skipped)
    score = (run - len(survivors)) / run if run else 1.0
    for mutant in skipped:
        print(f"  equivalent: {mutant.where()}: {listed[mutant.key()]}")
    for entry in stale(listed):
        print(f"  stale entry in {EQUIVALENT_LIST.name} (review it again): {entry}")
    print(f"Mutation score: {run - len(survivors)}/{run} non-equivalent mutants killed "
          f"({score:.0%}), seed {args.seed}, {len(drawn)} drawn, {len(skipped)} equivalent "
          f"(not run); {len(survivors)} survived:")
    for mutant in survivors:
        print(f"  {mutant.where()}")
    if args.report:
        args.report.write_text(json.dumps({
            "seed": args.seed, "drawn": len(drawn), "equivalent": len(skipped), "run": run,
            "killed": run - len(survivors), "score": score,
            "survivors": [asdict(m) for m in survivors]}, indent=2))


if __name__ == "__main__":
    sys.exit(main())
