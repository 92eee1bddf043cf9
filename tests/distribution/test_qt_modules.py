"""The frozen app keeps exactly the Qt modules the code imports.

``build_dist.QT_EXCLUDED`` keeps every other PySide6 module out of the app; a
module imported in new code but excluded there would break the frozen app
only where that code runs, so the lists are checked against the source.
"""

from __future__ import annotations

import re

from tests.distribution.builds import ROOT, build_dist

IMPORT = re.compile(r"^\s*(?:from|import) PySide6\.(Qt\w+)", re.MULTILINE)


def test_every_qt_module_imported_is_kept_and_none_excluded() -> None:
    imported = {m for path in (ROOT / "tftmanager").rglob("*.py")
                for m in IMPORT.findall(path.read_text(encoding="utf-8"))}
    assert imported == set(build_dist.QT_USED)
    assert not imported & set(build_dist.QT_EXCLUDED)
