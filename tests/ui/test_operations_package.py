"""``ui.operations`` names every feature module, so ``operations.notes`` and the rest work.

Issue 25: ``__all__`` missed ``copies``, ``encounters`` and ``notes``, so
``operations.notes`` raised AttributeError (the package imports a module
only when it is named in ``__all__``).
"""

from __future__ import annotations

import pkgutil

import pytest

from tftmanager.ui import operations

MODULES = sorted(m.name for m in pkgutil.iter_modules(operations.__path__))


def test_all_names_every_module_of_the_package() -> None:
    assert sorted(operations.__all__) == MODULES


@pytest.mark.parametrize("name", MODULES)
def test_each_module_is_reached_by_its_name(name: str) -> None:
    module = getattr(operations, name)
    assert module.__name__ == f"tftmanager.ui.operations.{name}"


def test_a_name_that_is_no_module_is_still_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="has no attribute 'nothing'"):
        operations.nothing  # noqa: B018 - the attribute access is the test
