"""Shipped files: rules data, icons, fonts and the migration scripts.

Everything is found through importlib.resources, so a source checkout, an
editable install and an installed wheel all resolve the same way.
"""

from __future__ import annotations

import importlib.util
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # imported lazily: the GUI reads icons before it needs any rules
    from importlib.abc import Traversable

    from tftmanager.rules.library import RulesLibrary
    from tftmanager.rules.library_entries import Entry

DOCUMENTS = ("races", "weapons", "armor", "injury", "talents", "spells", "experience", "gear",
             "equipment_rules", "jobs", "bestiary")


def resource(*parts: str) -> Traversable:
    """A file or folder under ``resources/``."""
    from importlib import resources  # noqa: PLC0415 - loads zipfile and tempfile: see rules_folder

    node = resources.files("tftmanager.resources")
    for part in parts:
        node = node.joinpath(part)
    return node


def migrations_dir() -> Path:
    """The Alembic script folder (``db/``), as a real path Alembic can read."""
    from importlib import resources  # noqa: PLC0415

    return Path(str(resources.files("tftmanager.db")))


def read_toml(*parts: str) -> dict[str, Any]:
    """Parse one shipped TOML file."""
    import tomllib  # noqa: PLC0415 - not needed while the cached copy holds

    with resource(*parts).open("rb") as handle:
        return tomllib.load(handle)


@cache
def rules_documents() -> dict[str, dict[str, Any]]:
    """The shipped rules data as plain mappings (what a new campaign copies).

    Read through a JSON copy in the cache folder while the TOML files are
    unchanged (``shipped_cache``): parsing them is a large part of start-up.
    """
    from tftmanager.shipped_cache import load_documents  # noqa: PLC0415

    def parse() -> dict[str, dict[str, Any]]:
        return {name: read_toml("rules", f"{name}.toml") for name in DOCUMENTS}

    return load_documents(rules_folder(), DOCUMENTS, parse)


def rules_folder() -> Path | None:
    """The shipped rules folder, when it is a folder on disk (else None: no cached copy).

    Found where the import system found ``tftmanager.resources`` (as
    ``importlib.resources`` finds it), without loading that module: it loads
    zipfile and tempfile, and a listing read from the cached copy needs neither.
    """
    spec = importlib.util.find_spec("tftmanager.resources")
    for location in (spec.submodule_search_locations or []) if spec else []:
        folder = Path(location) / "rules"
        if folder.is_dir():
            return folder
    return None


def library_version() -> str:
    """The shipped library's version (resources/rules/library.toml)."""
    return str(read_toml("rules", "library.toml")["version"])


def shipped_entries() -> list[Entry]:
    """The shipped library as entries (the same entry objects at every call)."""
    return list(_shipped_entries())


@cache
def _shipped_entries() -> tuple[Entry, ...]:
    """The shipped entries, made once like the documents they come from.

    Every action that builds a campaign's library compares its entries with
    these: the same objects compare at once, new ones field by field.
    """
    from tftmanager.rules.library_entries import entries_from_documents  # noqa: PLC0415

    return tuple(entries_from_documents(rules_documents()))


@cache
def shipped_library() -> RulesLibrary:
    """The rules library as shipped (cached: the files never change at run time)."""
    from tftmanager.rules.library import RulesLibrary  # noqa: PLC0415

    docs = rules_documents()
    return RulesLibrary.from_data(
        races=docs["races"], weapons=docs["weapons"], armor=docs["armor"],
        injury=docs["injury"], talents=docs["talents"], spells=docs["spells"],
        experience=docs["experience"], gear=docs["gear"],
        equipment_rules=docs["equipment_rules"], jobs=docs["jobs"],
        bestiary=docs["bestiary"],
    )
