"""The documents' dice notation: every form parses and rolls within its bounds.

Faces come from ``random()`` only, so a scripted generator chooses them: face
f comes from a value in [(f-1)/6, f/6).
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples

from tftmanager.rules.dice_expr import (
    MAX_DICE,
    MAX_LENGTH,
    AttrRef,
    BinOp,
    Const,
    Dice,
    DiceError,
    DiceTerm,
    Node,
    Repeat,
    Roll,
    bounds,
    can_roll,
    is_face,
    melee_damage,
    parse_check,
    parse_damage,
    parse_formula,
    parse_roll,
)

pytestmark = pytest.mark.rules


class Faces:
    """A generator whose random() gives the chosen faces, in order, then refuses."""

    def __init__(self, faces: Iterable[int]) -> None:
        self.faces = list(faces)
        self.used = 0

    def random(self) -> float:
        if self.used >= len(self.faces):
            raise AssertionError(f"more dice rolled than the {len(self.faces)} scripted")
        face = self.faces[self.used]
        self.used += 1
        return (face - 1) / 6 + 1 / 12

    @property
    def done(self) -> bool:
        return self.used == len(self.faces)


def scripted(*faces: int) -> tuple[Dice, Faces]:
    rng = Faces(faces)
    return Dice(rng), rng


# --- documented forms ------------------------------------------------------------

DOCUMENTED = [
    # text, dice rolled, lowest, highest
    ("3d", 3, 3, 18),
    ("2d-1", 2, 1, 11),
    ("1d+4", 1, 5, 10),
    ("2x(2d+1)", 4, 6, 26),
    ("$12+4d", 4, 16, 36),
    ("2+1d", 1, 3, 8),
    ("2x(2d-1)", 4, 2, 22),
    ("3+2d", 2, 5, 15),
    ("1d", 1, 1, 6),
]


@pytest.mark.parametrize(("text", "count", "low", "high"), DOCUMENTED)
def test_documented_forms_parse_with_their_bounds(text: str, count: int, low: int,
                                                  high: int) -> None:
    node = parse_roll(text)
    assert bounds(node) == (low, high)
    for seed in range(200):
        roll = Dice(seed=seed).roll(text)
        assert len(roll.faces) == count
        assert all(1 <= f <= 6 for f in roll.faces)
        assert low <= roll.total <= high


@pytest.mark.parametrize(("text", "faces", "total"), [
    ("3d", (1, 2, 3), 6),
    ("2d-1", (6, 6), 11),
    ("2d-1", (1, 1), 1),
    ("1d+4", (3,), 7),
    ("2+1d", (5,), 7),
    ("$12+4d", (1, 2, 3, 4), 22),
    ("2x(2d+1)", (1, 2, 3, 4), 12),
    ("2x(2d-1)", (6, 6, 6, 6), 22),
    ("3+2d", (2, 2), 7),
])
def test_scripted_faces_give_the_total(text: str, faces: tuple[int, ...], total: int) -> None:
    dice, rng = scripted(*faces)
    roll = dice.roll(text)
    assert roll.faces == faces
    assert roll.total == total
    assert rng.done


def test_a_bracket_repeated_is_two_separate_rolls() -> None:
    node = parse_roll("2x(2d+1)")
    assert node == Repeat(2, BinOp("+", DiceTerm(2), Const(1)))
    parities = set()
    for seed in range(500):
        roll = Dice(seed=seed).roll("2x(2d+1)")
        assert len(roll.faces) == 4
        assert roll.total == sum(roll.faces) + 2
        assert 6 <= roll.total <= 26
        parities.add(roll.total % 2)
    # Two separate rolls of 2d+1 (four dice + 2), not one roll doubled: odd
    # totals happen too (a doubled roll would always be even).
    assert parities == {0, 1}


def test_repeat_is_not_one_roll_doubled() -> None:
    dice, rng = scripted(1, 2, 3, 4)
    roll = dice.roll("2x(2d+1)")
    assert roll.total == (1 + 2 + 1) + (3 + 4 + 1) == 12
    assert roll.total != 2 * (1 + 2 + 1)
    dice, rng = scripted(1, 1, 1, 2)
    assert dice.roll("2x(2d+1)").total == 7
    assert rng.done


def test_money_sign_and_spaces_are_allowed() -> None:
    assert parse_roll("$12+4d") == parse_roll("12+4d") == parse_roll(" 12 + 4d ")
    assert parse_roll("3D") == parse_roll("3d") == DiceTerm(3)
    assert parse_roll("d") == DiceTerm(1)


# --- checks ---------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "attribute", "modifier", "count"), [
    ("3d/IQ", "IQ", 0, 3),
    ("3d/IQ-1", "IQ", -1, 3),
    ("2d/IQ", "IQ", 0, 2),
    ("2d/IQ-1", "IQ", -1, 2),
    ("4d/IQ", "IQ", 0, 4),
    ("3d/DX+2", "DX", 2, 3),
    ("3d/st", "ST", 0, 3),
    (" 3d / IQ - 1 ", "IQ", -1, 3),
])
def test_checks_parse(text: str, attribute: str, modifier: int, count: int) -> None:
    check = parse_check(text)
    assert (check.attribute, check.modifier) == (attribute, modifier)
    assert check.dice == DiceTerm(count)


@pytest.mark.parametrize(("text", "faces", "iq", "succeeds"), [
    ("3d/IQ", (3, 3, 3), 9, True),     # at the attribute: success
    ("3d/IQ", (3, 3, 4), 9, False),    # one over: failure
    ("3d/IQ-1", (3, 3, 2), 9, True),   # 8 <= 9-1
    ("3d/IQ-1", (3, 3, 3), 9, False),  # 9 > 8
    ("2d/IQ", (4, 4), 8, True),
    ("2d/IQ", (4, 5), 8, False),
    ("3d/IQ+2", (4, 4, 3), 9, True),   # 11 <= 11
])
def test_checks_succeed_at_or_under_attribute_plus_modifier(
        text: str, faces: tuple[int, ...], iq: int, succeeds: bool) -> None:
    dice, rng = scripted(*faces)
    roll, target, ok = dice.check(text, {"IQ": iq, "ST": 10, "DX": 10})
    assert target == iq + parse_check(text).modifier
    assert ok is succeeds
    assert roll.total == sum(faces)
    assert roll.faces == faces
    assert rng.done


# --- pay formulas ------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "attrs", "total"), [
    ("IQ/2", {"IQ": 9}, 4),      # integer division rounds down
    ("IQ/2", {"IQ": 10}, 5),
    ("IQ", {"IQ": 11}, 11),
    ("IQ*2", {"IQ": 11}, 22),
    ("15+DX", {"DX": 12}, 27),
    ("$(IQ/2)", {"IQ": 13}, 6),
    ("(ST+DX)/2+1", {"ST": 11, "DX": 12}, 12),
    ("2*IQ-ST", {"IQ": 10, "ST": 4}, 16),
])
def test_pay_formulas_with_attributes(text: str, attrs: dict[str, int], total: int) -> None:
    roll = Dice(seed=1).roll(text, attrs)
    assert roll.total == total
    assert roll.faces == ()
    assert bounds(parse_formula(text), attrs) == (total, total)


def test_formula_with_dice_and_attributes() -> None:
    dice, rng = scripted(6, 1)
    roll = dice.roll("IQ+2d", {"IQ": 10})
    assert (roll.total, roll.faces) == (17, (6, 1))
    assert rng.done


def test_formula_errors_are_dice_errors() -> None:
    with pytest.raises(DiceError, match="needs IQ"):
        Dice(seed=1).roll("IQ/2", {"DX": 10})
    with pytest.raises(DiceError, match="division by zero"):
        Dice(seed=1).roll("IQ/0", {"IQ": 10})


def test_attributes_are_only_for_formulas() -> None:
    with pytest.raises(DiceError):
        parse_roll("IQ/2")
    with pytest.raises(DiceError):
        parse_roll("15+DX")
    assert parse_formula("IQ/2") == BinOp("/", AttrRef("IQ"), Const(2))


# --- rejected forms -----------------------------------------------------------------------


@pytest.mark.parametrize(("text", "words"), [
    ("", "empty"),
    ("   ", "empty"),
    ("$", "empty"),
    ("3d6", "six-sided"),
    ("2d+", "ends too soon"),
    ("(2d", "ends too soon"),
    ("(2d]", "missing ')'"),
    ("2x2d", "must be followed by '('"),
    ("2x(2d", "ends too soon"),
    ("1000d", f"1 to {MAX_DICE} dice"),
    ("0d", "1 to 100 dice"),
    ("21x(1d)", "repeat"),
    ("0x(1d)", "repeat"),
    ("abc", "not dice notation"),
    ("hello", "not dice notation"),
    ("3d 4", "six-sided"),
    ("3d x", "unexpected"),
    ("-3", "not dice notation"),
    ("3d/IQ", "unexpected '/'"),
    ("2d*2", "unexpected '*'"),
    ("²", "not dice notation"),
    ("3d²", "unexpected '²'"),
    ("(" * 150 + "1" + ")" * 150, "at most"),
])
def test_rejected_rolls_say_why(text: str, words: str) -> None:
    with pytest.raises(DiceError, match=None) as info:
        parse_roll(text)
    message = str(info.value)
    assert message
    assert words in message, message


@pytest.mark.parametrize("text", [
    "", "3d", "3d/XQ", "3d/IQ-", "3d/IQ-x", "3d/", "/IQ", "3d6/IQ", "3d/IQ/2", "3d/IQ-1-1",
    "3d/" + "9" * 5000, "3d/IQ-" + "9" * 5000,
])
def test_rejected_checks_raise_dice_error(text: str) -> None:
    with pytest.raises(DiceError) as info:
        parse_check(text)
    assert str(info.value)


@pytest.mark.parametrize("text", ["IQ/", "IQ/2)", "XQ/2", "15+", "9" * 5000,
                                  "1+" * 1000 + "1", "(" * 1000])
def test_rejected_formulas_raise_dice_error(text: str) -> None:
    with pytest.raises(DiceError) as info:
        parse_formula(text)
    assert str(info.value)


@pytest.mark.parametrize("value", [None, 3, 3.5, b"3d", ["3d"]])
def test_non_text_is_refused(value: object) -> None:
    for parse in (parse_roll, parse_check, parse_formula):
        with pytest.raises(DiceError):
            parse(value)  # type: ignore[arg-type]


@settings(max_examples=examples(600), deadline=None)
@given(st.text(max_size=40) | st.text(alphabet="0123456789dDx()+-*/$ IQSTDXMAP²٣", max_size=30))
def test_arbitrary_text_parses_or_raises_dice_error(text: str) -> None:
    for parse in (parse_roll, parse_check, parse_formula):
        try:
            parse(text)
        except DiceError as exc:
            assert str(exc)


@settings(max_examples=examples(50), deadline=None)
@given(st.integers(min_value=190, max_value=3000), st.sampled_from(["(", "1+", "9", "2x("]))
def test_long_text_raises_dice_error_not_recursion(length: int, piece: str) -> None:
    """Past the length cap every text is refused by length; below it, only digits parse."""
    text = piece * length
    for parse in (parse_roll, parse_formula):
        if len(text) > MAX_LENGTH:
            with pytest.raises(DiceError, match=f"at most {MAX_LENGTH} characters"):
                parse(text)
        elif piece == "9":  # a long number is one constant, read without recursion
            assert parse(text) == Const(int(text))
        else:  # "(((", "1+1+", "2x(2x(" never close: a refusal, not a RecursionError
            with pytest.raises(DiceError):
                parse(text)


# --- random valid expressions stay within bounds --------------------------------------------


def _leaf() -> st.SearchStrategy[str]:
    return st.one_of(st.integers(0, 20).map(str),
                     st.integers(1, 6).map(lambda n: f"{n}d"))


def _expressions() -> st.SearchStrategy[str]:
    def extend(inner: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
        return st.one_of(
            st.tuples(inner, st.sampled_from("+-"), inner).map(lambda t: f"{t[0]}{t[1]}{t[2]}"),
            st.tuples(st.integers(1, 3), inner).map(lambda t: f"{t[0]}x({t[1]})"),
            inner.map(lambda s: f"({s})"),
        )
    return st.recursive(_leaf(), extend, max_leaves=6)


@settings(max_examples=examples(400), deadline=None)
@given(_expressions(), st.integers(0, 2**32 - 1))
def test_random_valid_expressions_roll_within_bounds(text: str, seed: int) -> None:
    node = parse_roll(text)
    low, high = bounds(node)
    assert low <= high
    roll = Dice(seed=seed).roll(text)
    assert low <= roll.total <= high
    assert all(1 <= f <= 6 for f in roll.faces)
    assert len(roll.faces) == _dice_count(node)


def _dice_count(node: Node) -> int:
    if isinstance(node, DiceTerm):
        return node.count
    if isinstance(node, Repeat):
        return node.times * _dice_count(node.body)
    if isinstance(node, BinOp):
        return _dice_count(node.left) + _dice_count(node.right)
    return 0


def test_bounds_are_reached_by_all_ones_and_all_sixes() -> None:
    for text, _count, low, high in DOCUMENTED:
        n = _dice_count(parse_roll(text))
        assert Dice(Faces([1] * n)).roll(text).total == low
        assert Dice(Faces([6] * n)).roll(text).total == high


def test_bounds_of_subtraction_and_formulas() -> None:
    assert bounds(parse_roll("2d-1d")) == (-4, 11)
    assert bounds(parse_formula("IQ*2"), {"IQ": 7}) == (14, 14)
    assert bounds(parse_formula("12+4d")) == (16, 36)


def test_exact_distribution_of_3d_matches_enumeration() -> None:
    # The engine's 3d is three independent faces: every one of the 216 outcomes
    # comes from exactly one triple of random() intervals.
    seen = {}
    for faces in product(range(1, 7), repeat=3):
        roll = Dice(Faces(faces)).roll("3d")
        seen[faces] = roll.total
    assert len(seen) == 216
    assert all(total == sum(faces) for faces, total in seen.items())


# --- seeds and the record ------------------------------------------------------------------------


def test_the_same_seed_gives_the_same_faces() -> None:
    texts = ["3d", "2x(2d+1)", "$12+4d", "2d-1", "3d", "1d+4"]
    dice = Dice(seed=1234)
    first = [dice.roll(t) for t in texts]
    again = Dice(seed=1234)
    assert [again.roll(t) for t in texts] == first
    a, b = Dice(seed=99), Dice(random.Random(99))
    assert [a.roll(t) for t in texts] == [b.roll(t) for t in texts]
    other = Dice(seed=1235)
    assert [other.roll(t) for t in texts] != first


def test_faces_come_from_random_only() -> None:
    # A stable mapping: face = 1 + int(random() * 6).
    class Edges:
        values = iter([0.0, 1 / 6, 2 / 6 - 1e-12, 0.5, 5 / 6, 1 - 1e-12])

        def random(self) -> float:
            return next(self.values)

    dice = Dice(Edges())
    assert [dice.die() for _ in range(6)] == [1, 2, 2, 4, 6, 6]


def test_a_roll_records_every_face_and_shows_them() -> None:
    dice, _ = scripted(2, 5, 1, 6)
    roll = dice.roll("2x(2d+1)")
    assert roll == Roll("2x(2d+1)", (2, 5, 1, 6), 16)
    assert str(roll) == "2x(2d+1) = 16 [2+5+1+6]"
    assert str(Dice(seed=1).roll("IQ/2", {"IQ": 9})) == "IQ/2 = 4"


def test_a_check_records_its_faces() -> None:
    dice, _ = scripted(6, 6, 5, 1)
    roll, target, ok = dice.check("4d/IQ", {"IQ": 17})
    assert (roll.faces, roll.total, target, ok) == ((6, 6, 5, 1), 18, 17, False)
    assert roll.expression == "4d/IQ"


def test_what_dice_can_show() -> None:
    assert [n for n in range(-1, 9) if is_face(n)] == [1, 2, 3, 4, 5, 6]
    assert [t for t in range(20) if can_roll(t, 3)] == list(range(3, 19))


def test_a_fight_s_roll_is_the_same_for_the_same_seed_and_count() -> None:
    """A resumed or undone fight rolls the same dice again; the next roll differs."""
    first = [Dice.for_roll(7, 0).total(3) for _ in range(2)]
    assert first[0] == first[1]
    rolls = {Dice.for_roll(7, n).total(3) for n in range(50)}
    assert len(rolls) > 5 and rolls <= set(range(3, 19))


@pytest.mark.parametrize(("written", "dice"), [
    ("2-1", "2d-1"), ("1+2", "1d+2"), ("1-1", "1d-1"), ("3-1", "3d-1"), ("2+2", "2d+2"),
    (" 1 + 1 ", "1d+1"), ("2d-1", "2d-1"), ("3d", "3d")])
def test_melee_writes_damage_as_dice_and_adjustment(written: str, dice: str) -> None:
    """Melee's weapon table: "A small ax gets 1+2, which means you roll 1 die and add 2"."""
    assert melee_damage(written) == dice
    assert bounds(parse_damage(written)) == bounds(parse_roll(dice))


def test_a_small_ax_rolling_3_does_5_and_a_dagger_2() -> None:
    """Melee's own examples: 1+2 rolling 3 gives 5 hits; 1-1 rolling 3 gives 2."""
    assert Dice(Faces([3])).evaluate(parse_damage("1+2")) == 5
    assert Dice(Faces([3])).evaluate(parse_damage("1-1")) == 2


def test_outside_a_damage_2_1_is_still_arithmetic() -> None:
    assert bounds(parse_roll("2-1")) == (1, 1)
    with pytest.raises(DiceError):
        parse_damage("2x-1")
