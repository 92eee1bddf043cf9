"""Every sub-package ships: pyproject lists them by hand (resources/ and db/ are mapped).

A package missing from the list is missing from the wheel and from pipx
installs, while the checkout (and the frozen app) still work: the GUI once
failed installed because ``tftmanager.ui.operations`` was left out.
"""

from __future__ import annotations

import tomllib

from tests.distribution.builds import ROOT


def test_pyproject_lists_every_package() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    listed = set(config["tool"]["setuptools"]["packages"])
    found = {".".join(init.parent.relative_to(ROOT).parts)
             for init in (ROOT / "tftmanager").rglob("__init__.py")}
    found |= {"tftmanager.resources", "tftmanager.db", "tftmanager.db.versions"}
    # The data folders under resources/, listed so setuptools ships them without warnings.
    found |= {f"tftmanager.resources.{d.name}" for d in (ROOT / "resources").iterdir()
              if d.is_dir() and not d.name.startswith(("_", "."))}
    assert listed == found
