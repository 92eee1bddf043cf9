"""The layer boundaries hold at run time too, not only in import-linter's graph."""

from __future__ import annotations

import subprocess
import sys

BLOCK_QT_AND_SQL = """
import sys
class Blocker:
    def find_spec(self, name, path=None, target=None):
        if name.split('.')[0] in ('PySide6', 'sqlalchemy', 'sqlmodel', 'alembic'):
            raise ImportError('blocked: ' + name)
        return None
sys.meta_path.insert(0, Blocker())
import pkgutil, importlib, tftmanager.rules as rules
for mod in pkgutil.iter_modules(rules.__path__):
    importlib.import_module('tftmanager.rules.' + mod.name)
from tftmanager.shipped import shipped_library
from tftmanager.rules.character import Character
from tftmanager.rules.derived import derive
from tftmanager.rules.loadout import outfit
from tftmanager.rules.settings import RuleProfile
lib = shipped_library()
gear = outfit(armor='leather', shield='large_shield', weapons=('spear',))
d = derive(Character(name='R', race='human', st=11, dx=13, items=gear), lib, RuleProfile())
print(d.adj_dx, d.adj_dx_shield)
"""


def test_rules_core_runs_without_qt_or_sql_installed() -> None:
    result = subprocess.run([sys.executable, "-c", BLOCK_QT_AND_SQL], capture_output=True,
                            text=True, check=False, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["11", "10"]

# The desktop entry and metainfo are validated in tests/packaging/test_desktop.py.
