"""Stat blocks as adventures print them: Melee's dice, run-on sentences, groups, creatures."""

from __future__ import annotations

import pytest

from tftmanager.app.statblocks import Preview, read_figures
from tftmanager.rules.items import ItemKind
from tftmanager.rules.library import RulesLibrary
from tftmanager.rules.settings import RuleProfile

pytestmark = pytest.mark.app


def _read(text: str, library: RulesLibrary) -> Preview:
    return read_figures(text, library, RuleProfile())


def test_melees_own_dice_are_a_weapons_damage(library: RulesLibrary) -> None:
    """Flavius's shortsword "2-1" and a dagger's "1-1" are 2d-1 and 1d-1 (no difference noted)."""
    seen = _read("Flavius: ST 12, DX 12, IQ 8, MA 10; Talents: Sword, Knife; "
                 "Weapons: Shortsword (2-1), Dagger (1-1), Small ax (1+2)", library)
    assert seen.problems == []
    (flavius,) = seen.figures
    assert [(i.kind, i.key) for i in flavius.items] == [
        (ItemKind.WEAPON, "shortsword"), (ItemKind.WEAPON, "dagger"),
        (ItemKind.WEAPON, "small_ax")]
    assert not [w for w in seen.warnings if " does " in w]
    wrong = _read("Wulf: ST 12, DX 12, IQ 8; Weapons: Shortsword (1+2)", library)
    assert "line 1: Shortsword does 2d-1 here, not 1d+2" in wrong.warnings


def test_a_bullet_lists_entries_are_reported_on_their_own_lines(library: RulesLibrary) -> None:
    text = ("Thorvald, wizard\nST 10, DX 12, IQ 10, MA 10\nMagic Items:\n• Frobnitz rod (5)\n"
            "• Glowing teacup\nEquipment:\n- Rope of knots\n- Widget of Doom\n")
    kept = [w for w in _read(text, library).warnings if "kept in the notes" in w]
    assert kept == ["line 4: Magic item: Frobnitz rod x5 kept in the notes",
                    "line 5: Magic item: Glowing teacup kept in the notes",
                    "line 7: Equipment: Rope of knots kept in the notes",
                    "line 8: Equipment: Widget of Doom kept in the notes"]
