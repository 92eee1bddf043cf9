"""Every picture README, docs/ and the user guide show is one `make screenshot` retakes.

Pictures made once by hand went stale: the guide showed a temporary folder in
the status bar and a party without Morgaine.  Each image a document names
must exist and be written by one of the scripts `make screenshot` runs.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")),
             ROOT / "resources" / "guide" / "guide.md"]
IMAGE = re.compile(r"!\[[^\]]*\]\(([^)\s]+\.png)\)")


def _scripts_text() -> str:
    """The scripts screenshot.sh runs, with the scripts' own modules they import."""
    scripts = ROOT / "scripts"
    run = re.findall(r"scripts/(\w+)\.py", (scripts / "screenshot.sh").read_text(encoding="utf-8"))
    assert run, "screenshot.sh runs no script"
    texts = [(scripts / f"{name}.py").read_text(encoding="utf-8") for name in run]
    imported = {name for text in texts for name in re.findall(r"^from (\w+) import", text, re.M)
                if (scripts / f"{name}.py").is_file()}
    texts += [(scripts / f"{name}.py").read_text(encoding="utf-8") for name in imported]
    return "".join(texts)


def test_every_picture_in_the_documents_is_retaken_by_make_screenshot() -> None:
    scripts = _scripts_text()
    seen = []
    for document in DOCUMENTS:
        for target in IMAGE.findall(document.read_text(encoding="utf-8")):
            path = (document.parent / target).resolve()
            assert path.is_file(), f"{document.name} shows {target}, which is missing"
            assert f'"{path.name}"' in scripts, \
                f"{document.name} shows {target}, which no screenshot script writes"
            seen.append(path.name)
    assert {"main-window.png", "card-front.png", "encounter-sheet.png"} <= set(seen)
