"""The documents' dice notation, parsed and rolled with an injected generator.

Forms: ``3d``, ``2d-1`` (and, where a damage is expected, Melee's ``2-1`` and
``1+2``: :func:`parse_damage`), ``1d+4``, ``2+1d``, ``$12+4d`` (a sum of dice and
numbers, an optional leading ``$``); ``2x(2d+1)`` (roll the bracket twice and
add); checks ``3d/IQ`` and ``3d/IQ-1`` (succeed at or under the attribute);
and pay formulas with attributes, ``*`` and ``/`` (``IQ/2``, ``15+DX``).

Faces are drawn from ``random()`` of the given generator only, which Python
keeps stable across versions, and every roll is returned with its faces so it
can be shown and recorded.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import lru_cache, wraps
from typing import Protocol, TypeVar

from tftmanager.refusal import Refusal
from tftmanager.rules.records import Record

MAX_DICE = 100
MAX_REPEAT = 20
MAX_LENGTH = 200  # keeps nesting (and so recursion) and numbers small
ATTRIBUTES = ("ST", "DX", "IQ", "SP", "MA")
_TOKEN = re.compile(r"\s*(?:([0-9]+)|([A-Za-z]+)|(\S))")


def _is_number(token: str | None) -> bool:
    """ASCII digits only ("²" and other Unicode digits are not numbers here)."""
    return token is not None and token.isascii() and token.isdigit()


class DiceError(Refusal, ValueError):
    """Text that is not in the documents' dice notation; the message says where."""


class Random(Protocol):
    """What a dice generator needs: Python's random.Random fits."""

    def random(self) -> float:
        """A float in [0, 1)."""
        ...


@dataclass(frozen=True, eq=False, repr=False)
class Roll(Record):
    """A roll made: the expression, every die's face, and the total."""

    expression: str
    faces: tuple[int, ...]
    total: int

    def __str__(self) -> str:
        faces = "+".join(map(str, self.faces))
        return f"{self.expression} = {self.total}" + (f" [{faces}]" if faces else "")


# The expression tree.

@dataclass(frozen=True, eq=False, repr=False)
class Const(Record):
    """A whole number."""

    value: int


@dataclass(frozen=True, eq=False, repr=False)
class DiceTerm(Record):
    """N six-sided dice."""

    count: int


@dataclass(frozen=True, eq=False, repr=False)
class AttrRef(Record):
    """An attribute of the character (pay formulas)."""

    name: str


@dataclass(frozen=True, eq=False, repr=False)
class BinOp(Record):
    """``+``, ``-``, ``*`` or ``/`` (integer division, rounding down)."""

    op: str
    left: Node
    right: Node


@dataclass(frozen=True, eq=False, repr=False)
class Repeat(Record):
    """``Nx(expr)``: roll the expression N times and add the results."""

    times: int
    body: Node


Node = Const | DiceTerm | AttrRef | BinOp | Repeat


@dataclass(frozen=True, eq=False, repr=False)
class Check(Record):
    """``3d/IQ-1``: roll the dice; success when the total is at most the attribute + mod."""

    dice: Node
    attribute: str
    modifier: int
    text: str


class _Parser:
    def __init__(self, text: str, *, attributes: bool, arithmetic: bool) -> None:
        if len(text) > MAX_LENGTH:
            raise DiceError(f"a dice expression can be at most {MAX_LENGTH} characters")
        self.text = text
        self.tokens = self._tokenize(text)
        self.pos = 0
        self.attributes = attributes
        self.arithmetic = arithmetic

    @staticmethod
    def _tokenize(text: str) -> list[str]:
        tokens = []
        for number, word, symbol in _TOKEN.findall(text):
            tokens.append(number or word or symbol)
        if not tokens:
            raise DiceError("empty dice expression")
        return tokens

    def peek(self) -> str | None:
        return self.tokens[self.pos] if self.pos < len(self.tokens) else None

    def take(self) -> str:
        token = self.peek()
        if token is None:
            raise DiceError(f"'{self.text}' ends too soon")
        self.pos += 1
        return token

    def done(self) -> None:
        if self.peek() is not None:
            raise DiceError(f"'{self.text}': unexpected '{self.peek()}'")

    def expr(self) -> Node:
        node = self.term()
        while self.peek() in ("+", "-"):
            op = self.take()
            node = BinOp(op, node, self.term())
        return node

    def term(self) -> Node:
        node = self.factor()
        while self.arithmetic and self.peek() in ("*", "/"):
            op = self.take()
            node = BinOp(op, node, self.factor())
        return node

    def factor(self) -> Node:
        token = self.take()
        if token == "(":
            node = self.expr()
            if self.take() != ")":
                raise DiceError(f"'{self.text}': missing ')'")
            return node
        if _is_number(token):
            value = int(token)
            nxt = self.peek()
            if nxt is not None and nxt.lower() == "d":
                self.take()
                return self._dice(value)
            if nxt is not None and nxt.lower().startswith("d") and _is_number(nxt[1:]):
                raise DiceError(f"'{self.text}': only six-sided dice ('d') are used")
            if nxt is not None and nxt.lower() == "x":
                self.take()
                if self.take() != "(":
                    raise DiceError(f"'{self.text}': '{value}x' must be followed by '('")
                body = self.expr()
                if self.take() != ")":
                    raise DiceError(f"'{self.text}': missing ')'")
                if not 1 <= value <= MAX_REPEAT:
                    raise DiceError(f"'{self.text}': can repeat 1 to {MAX_REPEAT} times")
                return Repeat(value, body)
            return Const(value)
        if token.lower() == "d":
            return self._dice(1)
        if token.upper() in ATTRIBUTES and self.attributes:
            return AttrRef(token.upper())
        raise DiceError(f"'{self.text}': '{token}' is not dice notation")

    def _dice(self, count: int) -> DiceTerm:
        if not 1 <= count <= MAX_DICE:
            raise DiceError(f"'{self.text}': roll 1 to {MAX_DICE} dice, not {count}")
        if _is_number(self.peek()):
            raise DiceError(f"'{self.text}': only six-sided dice ('d') are used")
        return DiceTerm(count)


_Parsed = TypeVar("_Parsed")


def _memo(parse: Callable[[str], _Parsed]) -> Callable[[str], _Parsed]:
    """Parse each text once: a week run asks for the same few expressions again and again.

    Parsed expressions are frozen, so sharing them is safe; a refusal is
    not cached, and what is not text goes straight to the parser's refusal.
    """
    cached = lru_cache(maxsize=1024)(parse)

    @wraps(parse)
    def parse_once(text: str) -> _Parsed:
        return cached(text) if isinstance(text, str) else parse(text)

    return parse_once


def _strip_money(text: str) -> str:
    text = text.strip()
    return text[1:] if text.startswith("$") else text


@_memo
def parse_roll(text: str) -> Node:
    """A roll (``3d``, ``2d-1``, ``2x(2d+1)``, ``$12+4d``); DiceError otherwise."""
    if not isinstance(text, str):
        raise DiceError("dice notation must be text")
    parser = _Parser(_strip_money(text), attributes=False, arithmetic=False)
    node = parser.expr()
    parser.done()
    return node


_MELEE_DAMAGE = re.compile(r"\s*(\d{1,3})\s*([+-])\s*(\d{1,3})\s*")


def melee_damage(text: str) -> str:
    """Melee's weapon-table damage as dice notation: "2-1" is 2d-1, "1+2" is 1d+2.

    Melee writes a weapon's damage as the number of dice and the adjustment
    ("A small ax gets 1+2, which means you roll 1 die and add 2").  Read so
    only where a damage is expected (a weapon's or an attack's parentheses in
    a stat block): everywhere else "2-1" stays arithmetic.  Any other text
    is returned as it was.
    """
    found = _MELEE_DAMAGE.fullmatch(text) if isinstance(text, str) else None
    return f"{found.group(1)}d{found.group(2)}{found.group(3)}" if found else text


def written_damage(text: str) -> str:
    """A damage as people type or print it, in the library's notation.

    Melee's "2-1" is 2d-1, "2d6-1" is 2d-1 (every die has six sides); spaces
    and case do not matter.  For a damage someone wrote where one is
    expected (a stat block, a figure typed into a fight); the library's own
    tables keep the strict form.
    """
    return melee_damage(re.sub(r"\s+", "", text.lower())).replace("d6", "d")


def parse_damage(text: str) -> Node:
    """A damage: dice notation (``2d-1``) or Melee's own (``2-1``, ``1+2``); DiceError else."""
    return parse_roll(melee_damage(text))


@_memo
def parse_formula(text: str) -> Node:
    """A pay formula: numbers, dice and attributes with + - * / (``IQ/2``, ``15+DX``)."""
    if not isinstance(text, str):
        raise DiceError("a formula must be text")
    parser = _Parser(_strip_money(text), attributes=True, arithmetic=True)
    node = parser.expr()
    parser.done()
    return node


@_memo
def parse_check(text: str) -> Check:
    """A check ``3d/IQ`` or ``3d/IQ-1``; DiceError otherwise."""
    if not isinstance(text, str) or "/" not in text:
        raise DiceError(f"'{text}' is not a check like 3d/IQ")
    if len(text) > MAX_LENGTH:
        raise DiceError(f"a check can be at most {MAX_LENGTH} characters")
    dice_text, _, target = text.partition("/")
    match = re.fullmatch(r"\s*([A-Za-z]+)\s*(?:([+-])\s*([0-9]+))?\s*", target)
    if match is None or match.group(1).upper() not in ATTRIBUTES:
        raise DiceError(f"'{text}': the check must be against ST, DX, IQ, SP or MA")
    modifier = int(match.group(3) or 0) * (-1 if match.group(2) == "-" else 1)
    return Check(parse_roll(dice_text), match.group(1).upper(), modifier, text.strip())


FACES = 6  # every roll in the game is of six-sided dice
# A fight's n-th roll is seeded from its seed and n, so a resumed or undone fight rolls the
# same dice again; the multiplier keeps two fights' seeds from sharing rolls.
_ROLL_SEED_STEP = 1_000_003


def can_roll(total: int, dice: int) -> bool:
    """Whether ``total`` can come up on ``dice`` six-sided dice (a roll typed at the table)."""
    return dice <= total <= FACES * dice


def is_face(value: int) -> bool:
    """Whether one die can show this."""
    return 1 <= value <= FACES


class Dice:
    """The seeded generator every roll goes through."""

    def __init__(self, rng: Random | None = None, seed: int | None = None) -> None:
        self.rng: Random = rng if rng is not None else random.Random(seed)

    @classmethod
    def for_roll(cls, seed: int, rolls_made: int) -> Dice:
        """The dice of a fight's next roll: the same again for the same seed and count."""
        return cls(random.Random(seed * _ROLL_SEED_STEP + rolls_made))

    def die(self) -> int:
        """One six-sided die, from random() only (stable across Python versions)."""
        return 1 + int(self.rng.random() * FACES)

    def total(self, dice: int) -> int:
        """The sum of ``dice`` dice."""
        return sum(self.die() for _ in range(dice))

    def evaluate(self, node: Node, attributes: Mapping[str, int] | None = None,
                 faces: list[int] | None = None) -> int:
        """Roll a parsed expression; faces rolled are appended to ``faces``."""
        faces = faces if faces is not None else []
        if isinstance(node, Const):
            return node.value
        if isinstance(node, DiceTerm):
            rolled = [self.die() for _ in range(node.count)]
            faces.extend(rolled)
            return sum(rolled)
        if isinstance(node, AttrRef):
            if attributes is None or node.name not in attributes:
                raise DiceError(f"the formula needs {node.name}")
            return attributes[node.name]
        if isinstance(node, Repeat):
            return sum(self.evaluate(node.body, attributes, faces) for _ in range(node.times))
        left = self.evaluate(node.left, attributes, faces)
        right = self.evaluate(node.right, attributes, faces)
        if node.op == "+":
            return left + right
        if node.op == "-":
            return left - right
        if node.op == "*":
            return left * right
        if right == 0:
            raise DiceError("division by zero in a formula")
        return left // right

    def roll(self, text: str, attributes: Mapping[str, int] | None = None) -> Roll:
        """Roll dice notation (or a pay formula when attributes are given)."""
        node = parse_formula(text) if attributes is not None else parse_roll(text)
        faces: list[int] = []
        total = self.evaluate(node, attributes, faces)
        return Roll(text.strip(), tuple(faces), total)

    def check(self, text: str, attributes: Mapping[str, int]) -> tuple[Roll, int, bool]:
        """Roll a check; returns the roll, the target and whether it succeeded."""
        check = parse_check(text)
        faces: list[int] = []
        total = self.evaluate(check.dice, None, faces)
        target = attributes[check.attribute] + check.modifier
        return Roll(check.text, tuple(faces), total), target, total <= target


def bounds(node: Node, attributes: Mapping[str, int] | None = None) -> tuple[int, int]:
    """Lowest and highest total an expression can give."""
    if isinstance(node, Const):
        return node.value, node.value
    if isinstance(node, DiceTerm):
        return node.count, 6 * node.count
    if isinstance(node, AttrRef):
        value = (attributes or {}).get(node.name, 0)
        return value, value
    if isinstance(node, Repeat):
        low, high = bounds(node.body, attributes)
        return low * node.times, high * node.times
    (a, b), (c, d) = bounds(node.left, attributes), bounds(node.right, attributes)
    if node.op == "+":
        return a + c, b + d
    if node.op == "-":
        return a - d, b - c
    candidates = [a * c, a * d, b * c, b * d] if node.op == "*" else \
        [x // y for x in (a, b) for y in (c, d) if y != 0] or [0]
    return min(candidates), max(candidates)
