"""No label is parsed back into data: what an operation did is kept as data (its deed).

A label is text written for a person from the deed (``app.deed_words``);
reading it back with a regular expression or by splitting it made the story
depend on the wording and on names ("Bob: ST 3 -> 4").  Schema 15's
migration read the labels of older campaigns one last time; it lives in
``db/versions`` and is the only place allowed to.
"""

from __future__ import annotations

import ast
from pathlib import Path

import tftmanager

PACKAGE = Path(tftmanager.__file__).resolve().parent
# Pattern methods and re's functions, and the str methods that take text apart.
# A stat block's "labels" are its own field names ("ST:"), read from the text a user pasted.
_OWN_LABELS = {"statblock.py"}
_READERS = {"match", "search", "fullmatch", "findall", "finditer", "sub", "subn", "split",
            "rsplit", "partition", "rpartition", "removeprefix", "removesuffix"}


def _mentions_label(node: ast.AST) -> bool:
    return any((isinstance(n, ast.Name) and "label" in n.id.lower())
               or (isinstance(n, ast.Attribute) and "label" in n.attr.lower())
               for n in ast.walk(node))


def _cuts_at_a_sentences_colon(call: ast.Call) -> bool:
    """A split at ": ", the joint of "Name: what happened": a sentence taken apart.

    Whatever its variable is called, that is text written for a person read
    back (a name holding ": " cut it in the wrong place: "Joe: the Barbarian").
    """
    return call.func.attr in {"split", "rsplit", "partition", "rpartition"} and any(  # type: ignore[attr-defined]
        isinstance(arg, ast.Constant) and arg.value == ": " for arg in call.args)


def label_readings(source: str) -> list[int]:
    """Lines where a label is read back: a regex or a str split over a label-named value."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr in _READERS):
            continue
        if (any(_mentions_label(arg) for arg in node.args) or _mentions_label(node.func.value)
                or _cuts_at_a_sentences_colon(node)):
            found.append(node.lineno)
    return found


def test_no_module_reads_a_label_back() -> None:
    offenders = [f"{path.relative_to(PACKAGE.parent)}:{line}"
                 for path in sorted(PACKAGE.rglob("*.py")) if path.name not in _OWN_LABELS
                 for line in label_readings(path.read_text(encoding="utf-8"))]
    assert offenders == []


def test_the_check_sees_a_label_read_back() -> None:
    """The story before schema 15, in short: each shape caught."""
    assert label_readings("m = WEEK_RUN.match(op.label)") == [1]
    assert label_readings("re.match(r'^(.+?): ST', operation.label)") == [1]
    assert label_readings("who, what = label.split(': ', 1)") == [1]
    assert label_readings("name = row.label.partition(':')[0]") == [1]
    assert label_readings("week = int(text.split()[2])\nop.label = f'{who}: {what}'") == []
    assert label_readings("lines = [x.split(': ', 1)[1] for x in done.learned]") == [1]
    assert label_readings("head, _, rest = url.partition(':')") == []
