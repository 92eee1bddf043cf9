"""A record compares, hashes and shows itself exactly as the dataclass it replaces."""

from __future__ import annotations

from dataclasses import dataclass, field, make_dataclass
from typing import Any

import pytest

from tftmanager.rules.records import Record


def _fields() -> list[tuple[str, Any, Any]]:
    """Fields of every kind: compared or not, hashed or not, shown or not."""
    return [("name", str, field()), ("tags", frozenset, field(default=frozenset())),
            ("uid", str, field(default="", compare=False)),
            ("secret", str, field(default="", repr=False)),
            ("weight", float, field(default=0.0, hash=False)), ("inner", Any, field(default=None))]


# What ``@dataclass(frozen=True)`` writes (the reference), and the same fields as a record.
Generated = make_dataclass("Generated", _fields(), frozen=True)
Written = make_dataclass("Written", _fields(), bases=(Record,), frozen=True, eq=False, repr=False)


@dataclass(frozen=True, eq=False, repr=False)
class Empty(Record):
    """A record without fields."""


VALUES: list[dict[str, Any]] = [
    {"name": "Sword"},
    {"name": "Sword", "uid": "a1"},
    {"name": "Sword", "uid": "b2", "weight": 1.5},
    {"name": "Sword", "tags": frozenset({"bladed"}), "secret": "x"},
    {"name": "Sword", "weight": float("nan")},
    {"name": "Axe", "inner": ("a", 1)},
]


@pytest.mark.parametrize("left", VALUES)
@pytest.mark.parametrize("right", VALUES)
def test_equal_and_hash_as_the_dataclass_says(left: dict[str, Any],
                                              right: dict[str, Any]) -> None:
    expected = Generated(**left) == Generated(**right)
    assert (Written(**left) == Written(**right)) is expected
    assert (Written(**left) != Written(**right)) is not expected
    assert hash(Written(**left)) == hash(Generated(**left))


def test_text_as_the_dataclass_shows_it() -> None:
    for values in VALUES:
        assert repr(Written(**values)) == repr(Generated(**values)).replace("Generated",
                                                                              "Written")
    assert repr(Empty()) == "Empty()"
    inside = Written("Box", inner=[])
    inside.inner.append(inside)
    assert repr(inside) == "Written(name='Box', tags=frozenset(), uid='', weight=0.0, " \
                           "inner=[...])"


def test_never_equal_to_another_class() -> None:
    assert Written("Sword") != Generated("Sword")
    assert Written("Sword").__eq__(Generated("Sword")) is NotImplemented
    assert Empty() == Empty()
    assert hash(Empty()) == hash(())


def test_a_record_is_not_subclassed() -> None:
    with pytest.raises(TypeError, match="not subclassed"):
        type("Longer", (Written,), {})


def test_a_quick_init_takes_what_the_dataclass_init_takes() -> None:
    from dataclasses import FrozenInstanceError, replace

    from tftmanager.rules.records import quick_init

    @dataclass(frozen=True, eq=False, repr=False)
    class Slow(Record):
        name: str
        weight: float = 1.5
        tags: tuple[str, ...] = ()

    @quick_init
    @dataclass(frozen=True, eq=False, repr=False)
    class Quick(Record):
        name: str
        weight: float = 1.5
        tags: tuple[str, ...] = ()

    for args, kwargs in ((("Axe",), {}), (("Axe", 2.0), {"tags": ("iron",)}),
                         ((), {"name": "Bow", "weight": 0.5})):
        assert vars(Quick(*args, **kwargs)) == vars(Slow(*args, **kwargs))
    assert replace(Quick("Axe"), weight=3.0) == Quick("Axe", 3.0)
    with pytest.raises(FrozenInstanceError):
        Quick("Axe").name = "Mace"  # type: ignore[misc]
    with pytest.raises(TypeError):
        Quick()  # type: ignore[call-arg]  # the name has no default, as in the dataclass's
    with pytest.raises(TypeError, match="plain fields only"):
        quick_init(dataclass(frozen=True, eq=False, repr=False)(
            type("Listed", (Record,), {"__annotations__": {"items": "list[int]"},
                                       "items": field(default_factory=list)})))
