"""Shipped files: rules data, icons, fonts and the migration scripts.

Everything is found through importlib.resources, so a source checkout, an
editable install and an installed wheel all resolve the same way.
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
from importlib.abc import Traversable
from pathlib import Path
from typing import Any

from tftmanager.rules.library import RulesLibrary


def resource(*parts: str) -> Traversable:
    """A file or folder under ``resources/``."""
    node = resources.files("tftmanager.resources")
    for part in parts:
        node = node.joinpath(part)
    return node


def migrations_dir() -> Path:
    """The Alembic script folder (``db/``), as a real path Alembic can read."""
    return Path(str(resources.files("tftmanager.db")))


def read_toml(*parts: str) -> dict[str, Any]:
    """Parse one shipped TOML file."""
    with resource(*parts).open("rb") as handle:
        return tomllib.load(handle)


def rules_documents() -> dict[str, dict[str, Any]]:
    """The shipped rules data as plain mappings (what a campaign would copy)."""
    return {
        name: read_toml("rules", f"{name}.toml")
        for name in ("races", "weapons", "armor", "injury")
    }


@cache
def shipped_library() -> RulesLibrary:
    """The rules library as shipped (cached: the files never change at run time)."""
    docs = rules_documents()
    return RulesLibrary.from_data(
        races=docs["races"], weapons=docs["weapons"], armor=docs["armor"], injury=docs["injury"]
    )
