"""Hypothesis feeds ``check``, ``import`` and ``library import`` hostile documents.

Random JSON and TOML, valid documents with one field replaced by anything
(huge numbers, NaN, control characters, deep nesting), and raw text.  Every
run must end with exit 0, 1 or 2 and at most one line on stderr, never a
traceback or a crash report; whenever a command refuses (2), the campaign
file is byte-for-byte what it was.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import tomllib
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tftmanager.cli.main import run
from tftmanager.shipped import resource

Rounds = Callable[[int, int], int]
def fuzz(examples: int) -> settings:
    """Settings for one fuzz run: no deadline (a busy machine), no example database."""
    return settings(max_examples=examples, deadline=None, database=None,
                    suppress_health_check=list(HealthCheck))

SCALARS = (st.none() | st.booleans() | st.integers(-(2**70), 2**70)
           | st.sampled_from([2**63, 2**63 - 1, -(2**63) - 1, 10**400, 0, -1])
           | st.floats(allow_nan=True, allow_infinity=True)
           | st.text(max_size=12)
           | st.sampled_from(["\x1b]0;pwned\x07", "\x1b[2J", "a\x00b", "\u202eevil", "\n"]))
VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4)
                      | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=16)
DEEP = st.integers(1, 3000).map(lambda n: "[" * n + "]" * n)


def _party() -> dict[str, Any]:
    return json.loads(resource("demo", "party.json").read_text(encoding="utf-8"))


def _mutate(doc: Any, draw: Callable[[st.SearchStrategy[Any]], Any]) -> Any:
    """Replace, drop or add one value somewhere in ``doc``."""
    node = doc
    while isinstance(node, dict | list) and node and draw(st.booleans()):
        keys = sorted(node) if isinstance(node, dict) else list(range(len(node)))
        child = node[draw(st.sampled_from(keys))]
        if not isinstance(child, dict | list) or not child:
            break
        node = child
    if isinstance(node, dict) and node:
        key = draw(st.sampled_from(sorted(node)) | st.text(max_size=8))
        if draw(st.booleans()) and key in node:
            del node[key]
        else:
            node[key] = draw(VALUES)
    elif isinstance(node, list) and node:
        node[draw(st.integers(0, len(node) - 1))] = draw(VALUES)
    return doc


@st.composite
def mutated_characters(draw: Callable[[st.SearchStrategy[Any]], Any]) -> str:
    """The demo party, or one of its characters, with one value changed."""
    doc = _party()
    if draw(st.booleans()):
        doc = {"format": "tftmanager.character", "version": 3,
               "character": doc["characters"][0]}
    return json.dumps(_mutate(doc, draw), allow_nan=True)


@st.composite
def mutated_library(draw: Callable[[st.SearchStrategy[Any]], Any], library: Any) -> str:
    """An exported library with one value changed."""
    return json.dumps(_mutate(json.loads(json.dumps(library)), draw), allow_nan=True)


def character_texts() -> st.SearchStrategy[str]:
    """Texts that look more or less like character documents."""
    return st.one_of(mutated_characters(), mutated_characters(), VALUES.map(json.dumps),
                     DEEP, st.text(max_size=200))


def _run(*argv: str | Path) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = run([str(a) for a in argv])
    return code, err.getvalue()


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _judge(code: int, err: str, tally: Counter[str]) -> None:
    tally["fuzzed_inputs"] += 1
    bad = code not in (0, 1, 2) or "Traceback" in err or len(err.splitlines()) > 1
    tally["tracebacks"] += bad
    assert not bad, (code, err)


def test_fuzz_check(tmp_path: Path, rounds: Rounds, tally: Counter[str]) -> None:
    file = tmp_path / "in.json"

    @fuzz(rounds(60, 2500))
    @given(text=character_texts())
    def one(text: str) -> None:
        file.write_text(text, encoding="utf-8", errors="surrogatepass")
        _judge(*_run("check", file), tally)

    one()


def test_fuzz_import(demo_copy: Path, tmp_path: Path, rounds: Rounds,
                     tally: Counter[str]) -> None:
    file = tmp_path / "in.json"

    @fuzz(rounds(40, 1700))
    @given(text=character_texts())
    def one(text: str) -> None:
        file.write_text(text, encoding="utf-8", errors="surrogatepass")
        before = _digest(demo_copy)
        code, err = _run("import", demo_copy, file, "--copy")
        _judge(code, err, tally)
        if code == 2:
            tally["refused_left_unchanged"] += _digest(demo_copy) == before
            assert _digest(demo_copy) == before, err

    one()


def test_fuzz_library_import(demo_copy: Path, tmp_path: Path, rounds: Rounds,
                             tally: Counter[str]) -> None:
    code, _ = _run("library", "export", demo_copy, "--out", tmp_path / "lib.toml")
    assert code == 0
    library = tomllib.loads((tmp_path / "lib.toml").read_text(encoding="utf-8"))
    file = tmp_path / "in.json"

    texts = st.one_of(mutated_library(library), mutated_library(library), VALUES.map(json.dumps),
                      DEEP, st.text(max_size=200))

    @fuzz(rounds(20, 800))
    @given(text=texts, fmt=st.sampled_from(["json", "toml"]))
    def one(text: str, fmt: str) -> None:
        file.write_text(text, encoding="utf-8", errors="surrogatepass")
        before = _digest(demo_copy)
        code, err = _run("library", "import", demo_copy, file, "--format", fmt)
        _judge(code, err, tally)
        if code == 2:
            assert _digest(demo_copy) == before, err

    one()
