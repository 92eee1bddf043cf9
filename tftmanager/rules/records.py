"""Frozen records: the rules' data classes, with a dataclass's methods written when first used.

``@dataclass(frozen=True)`` writes six methods for each class as source text
and compiles it every time the module is imported; for the rules' classes
that was about a third of the time ``tftmanager list`` took (the window's
party preview paid it too), and no bytecode cache keeps it.  A listing
compares and hashes few records and shows none, so ``Record`` leaves three
of the six until they are used: a record is declared
``@dataclass(frozen=True, eq=False, repr=False)`` with ``Record`` as its
base.  The first ``==`` or ``hash`` of a class compiles the ``__eq__`` and
``__hash__`` the dataclass would have written and puts them on the class, so
later calls run exactly that code; ``repr`` reads the fields as the
dataclass's does (``...`` for a record inside itself).  ``__init__`` and the
frozen ``__setattr__`` stay the dataclass's own.  A record is never
subclassed (its methods are compiled for its own fields).
"""

from __future__ import annotations

import reprlib
from dataclasses import MISSING, fields
from typing import Any, TypeVar

_R = TypeVar("_R")


def _values(owner: str, names: list[str]) -> str:
    """``(self.a,self.b,)``: the tuple the generated methods build."""
    return "(" + "".join(f"{owner}.{name}," for name in names) + ")"


def _compiled(cls: type) -> dict[str, Any]:
    """Put on ``cls`` the ``__eq__`` and ``__hash__`` ``dataclasses`` writes; returns them.

    The names are the class's own field names (identifiers), so the text is
    the code the dataclass would have compiled at import.
    """
    found = fields(cls)
    compared = [f.name for f in found if f.compare]
    hashed = [f.name for f in found if (f.compare if f.hash is None else f.hash)]
    source = (f"def __eq__(self, other):\n"
              f" if other.__class__ is self.__class__:\n"
              f"  return {_values('self', compared)} == {_values('other', compared)}\n"
              f" return NotImplemented\n"
              f"def __hash__(self):\n"
              f" return hash({_values('self', hashed)})\n")
    methods: dict[str, Any] = {}
    exec(source, {}, methods)
    for name, method in methods.items():
        method.__qualname__ = f"{cls.__qualname__}.{name}"
        setattr(cls, name, method)
    return methods


class Record:
    """The base of a frozen rules record: ``==``, ``hash`` and ``repr`` by its fields."""

    __slots__ = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for base in cls.__mro__[1:]:
            if base is not Record and issubclass(base, Record):
                raise TypeError(f"{cls.__qualname__}: a record ({base.__qualname__}) "
                                "is not subclassed")

    def __eq__(self, other: object) -> bool:
        """Equal to a record of the same class whose compared fields are all equal."""
        equal: bool = _compiled(self.__class__)["__eq__"](self, other)  # or NotImplemented
        return equal

    def __hash__(self) -> int:
        """The hash of the fields that take part in it, as one tuple."""
        hashed: int = _compiled(self.__class__)["__hash__"](self)
        return hashed

    @reprlib.recursive_repr()
    def __repr__(self) -> str:
        """``Name(field=value, ...)``, as a dataclass shows itself."""
        record: Any = self  # a dataclass (fields() takes nothing else)
        shown = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in fields(record) if f.repr)
        return f"{self.__class__.__qualname__}({shown})"


def quick_init(cls: type[_R]) -> type[_R]:
    """Give a record made by the thousand an ``__init__`` that sets its fields in one step.

    The dataclass's frozen ``__init__`` sets each field through
    ``object.__setattr__``: for a week's result (twelve fields, one per
    character per week) that was twice the time of filling its ``__dict__``
    at once, which is what this ``__init__`` does, in place of the
    dataclass's, with the same parameters and defaults.  Only for fields
    with a plain default or none (no default factory) and no
    ``__post_init__``.  Not for a record whose fields are read over and over
    (a character): filling ``__dict__`` directly leaves its instances
    without Python's faster inline attributes, and a year of weeks with
    characters made this way ran 7% slower in paired runs.
    """
    record: Any = cls  # a dataclass (fields() takes nothing else)
    found = fields(record)
    if hasattr(cls, "__post_init__") or any(f.default_factory is not MISSING for f in found):
        raise TypeError(f"{cls.__qualname__}: quick_init sets plain fields only")
    defaults = {f"_d_{f.name}": f.default for f in found if f.default is not MISSING}
    params = ", ".join(f.name if f.default is MISSING else f"{f.name}=_d_{f.name}"
                       for f in found)
    body = ", ".join(f"{f.name}={f.name}" for f in found)
    made: dict[str, Any] = {}
    exec(f"def __init__(self, {params}):\n self.__dict__.update({body})\n",
         defaults, made)
    made["__init__"].__qualname__ = f"{cls.__qualname__}.__init__"
    setattr(cls, "__init__", made["__init__"])  # noqa: B010 - a method put on the class
    return cls
