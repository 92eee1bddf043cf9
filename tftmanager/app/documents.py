"""Reading JSON and TOML documents a user hands us, within sane limits.

Both parsers recurse: a document nested a thousand deep raised
``RecursionError`` from inside them, and one that parsed could still exhaust
the stack of whatever walked it next.  So parsing stops at a size and a
nesting depth no real character or library comes near, and says so in one
line; the depth is measured without recursion.
"""

from __future__ import annotations

import json
from typing import Any

from tftmanager.refusal import Refusal

MAX_DEPTH = 32  # a library entry is about 5 deep, a character 4
MAX_CHARS = 32 * 1024 * 1024


class DocumentError(Refusal, ValueError):
    """A document that cannot be read; the message is one line for the user."""


def depth(value: Any) -> int:
    """How deeply lists and tables nest in ``value`` (a scalar is 0), iteratively."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        level += 1
        deepest = max(deepest, level)
        if deepest > MAX_DEPTH:
            return deepest
        stack.extend((child, level) for child in children)
    return deepest


def _limited(doc: Any) -> Any:
    if depth(doc) > MAX_DEPTH:
        raise DocumentError(f"nested more than {MAX_DEPTH} levels deep")
    return doc


def _sized(text: str) -> None:
    if len(text) > MAX_CHARS:
        raise DocumentError(f"too large ({len(text):,} characters; at most {MAX_CHARS:,})")


def parse_json(text: str) -> Any:
    """Parse JSON; DocumentError says what is wrong (syntax, size or nesting)."""
    _sized(text)
    try:
        return _limited(json.loads(text))
    except json.JSONDecodeError as exc:
        raise DocumentError(f"not valid JSON (line {exc.lineno}, column {exc.colno}: "
                            f"{exc.msg})") from exc
    except RecursionError:
        raise DocumentError(f"nested more than {MAX_DEPTH} levels deep") from None
    except ValueError as exc:  # numbers too long to convert, lone surrogates...
        raise DocumentError(f"not valid JSON ({exc})") from exc


def parse_toml(text: str) -> Any:
    """Parse TOML; DocumentError says what is wrong (syntax, size or nesting)."""
    import tomllib  # noqa: PLC0415 - JSON-only commands (and ``list``) need no TOML parser

    _sized(text)
    try:
        return _limited(tomllib.loads(text))
    except tomllib.TOMLDecodeError as exc:
        raise DocumentError(f"not valid TOML ({exc})") from exc
    except RecursionError:
        raise DocumentError(f"nested more than {MAX_DEPTH} levels deep") from None
    except ValueError as exc:
        raise DocumentError(f"not valid TOML ({exc})") from exc
