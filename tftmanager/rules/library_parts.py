"""Parts of the rules library built from their data the first time they are read.

A listing or the party preview works out each character from the races,
talents, spells and equipment; it never looks at the jobs, the combat rules,
the bestiary, the awards, the height chart or the study rules.  Importing those parts'
modules and building them was most of the time such a command took, so the
library keeps each one as its data (a ``Pending``) until it is first read,
then keeps what was built.  Bad data in such a part is reported when it is
built: ``RulesLibrary.check_all`` builds every part, for the places that
must refuse a bad library up front.

``Lazy`` is a descriptor used as a data class field's default (the "descriptor-
typed fields" of ``dataclasses``): the field still takes a value in
``__init__`` and ``dataclasses.replace``, and reading it gives the built part.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar, overload

T = TypeVar("T")


class Pending(Generic[T]):
    """A part still as data, and how to build it (given the library it belongs to)."""

    __slots__ = ("build",)

    def __init__(self, build: Callable[[Any], T]) -> None:
        self.build = build


class Lazy(Generic[T]):
    """A field whose value may be given as a ``Pending``; built once, on first read."""

    def __init__(self, default: Callable[[], T]) -> None:
        self.default = default
        self.slot = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.slot = f"_part_{name}"

    @overload
    def __get__(self, obj: None, owner: type | None = None) -> Lazy[T]: ...

    @overload
    def __get__(self, obj: object, owner: type | None = None) -> T: ...

    def __get__(self, obj: object | None, owner: type | None = None) -> T | Lazy[T]:
        if obj is None:
            return self  # the field's default: __set__ makes a fresh value from it
        value = obj.__dict__[self.slot]
        if isinstance(value, Pending):
            value = value.build(obj)
            obj.__dict__[self.slot] = value
        return value  # type: ignore[no-any-return]

    def __set__(self, obj: object, value: T | Pending[T] | Lazy[T]) -> None:
        obj.__dict__[self.slot] = self.default() if value is self else value

    def stored(self, obj: object) -> T | Pending[T]:
        """The field's value as held: built, or still pending (reading it builds nothing)."""
        return obj.__dict__[self.slot]  # type: ignore[no-any-return]
