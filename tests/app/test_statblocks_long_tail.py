"""Stat blocks as adventures print them: Melee's dice, run-on sentences, groups, creatures."""

from __future__ import annotations

import pytest

from tftmanager.app import bestiary, campaigns, journal
from tftmanager.app.arrivals import Already
from tftmanager.app.statblocks import (
    Preview,
    export_statblocks,
    import_statblocks,
    preview,
    read_figures,
)
from tftmanager.app.transfer import TransferError
from tftmanager.rules.derived import derive
from tftmanager.rules.items import ItemKind
from tftmanager.rules.library import RulesLibrary
from tftmanager.rules.settings import RuleProfile
from tftmanager.store.campaign import CampaignStore

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


def test_a_weapons_damage_after_its_name_without_parentheses(library: RulesLibrary) -> None:
    """"Mace 2+1" in a run-on block is the mace, its dice compared with the library's."""
    seen = _read("Hobgoblin: ST 12, DX 10, IQ 7, MA 10; Mace 2-1; leather (stops 2); "
                 "small shield.", library)
    assert seen.problems == []
    (hobgoblin,) = seen.figures
    assert [(i.kind, i.key) for i in hobgoblin.items] == [
        (ItemKind.WEAPON, "mace"), (ItemKind.ARMOR, "leather"), (ItemKind.SHIELD, "small_shield")]
    assert not [w for w in seen.warnings if "notes" in w or " does " in w]
    wrong = _read("Hobgoblin: ST 12, DX 10, IQ 7, MA 10; Mace 2+1", library)
    assert "line 1: Mace does 2d-1 here, not 2d+1" in wrong.warnings


def test_a_bullet_lists_entries_are_reported_on_their_own_lines(library: RulesLibrary) -> None:
    text = ("Thorvald, wizard\nST 10, DX 12, IQ 10, MA 10\nMagic Items:\n• Frobnitz rod (5)\n"
            "• Glowing teacup\nEquipment:\n- Rope of knots\n- Widget of Doom\n")
    kept = [w for w in _read(text, library).warnings if "kept in the notes" in w]
    assert kept == ["line 4: Magic item: Frobnitz rod x5 kept in the notes",
                    "line 5: Magic item: Glowing teacup kept in the notes",
                    "line 7: Equipment: Rope of knots kept in the notes",
                    "line 8: Equipment: Widget of Doom kept in the notes"]


def test_what_becomes_of_a_name_is_said_whatever_the_figures_name_holds(
        library: RulesLibrary) -> None:
    # The line's words were once cut out of "Figure: ..." at its first ": ".
    text = "Sir Ulric: the Bold\nST 12, DX 12, IQ 10, MA 10\nEquipment:\n- Rope of knots\n"
    seen = _read(text, library)
    assert [w for w in seen.warnings if "kept in the notes" in w] == [
        "line 4: Equipment: Rope of knots kept in the notes"]


GOBLIN_ARCHER = ("GOBLIN ARCHER: ST 9, DX 13 (12), IQ 8, MA 10. Talents: Bow. Shortbow (1-1), "
                 "dagger (1-1), leather armor (stops 2). Carries $35.")


def test_a_run_on_block_keeps_its_weapons_armor_and_money(library: RulesLibrary) -> None:
    """The talents end at their full stop; what follows is possessions and money."""
    seen = _read(GOBLIN_ARCHER, library)
    assert seen.problems == []
    (archer,) = seen.figures
    assert [t.key for t in archer.talents] == ["bow"]
    assert [(i.kind, i.key) for i in archer.items] == [
        (ItemKind.WEAPON, "small_bow"), (ItemKind.WEAPON, "dagger"),
        (ItemKind.ARMOR, "leather")]
    assert seen.money == [35] and archer.notes == ""
    assert not seen.unknowns


@pytest.mark.parametrize(("written", "money"), [
    ("Money: $75", 75), ("Carries $35.", 35), ("Money: 20 silver pieces", 20),
    ("Money: 20 silver pieces, 3 gold coins", 50), ("He has $12.", 12),
    ("He has the key.", None)])
def test_money_as_written_is_money(written: str, money: int | None,
                                   library: RulesLibrary) -> None:
    text = f"Bandit\nST 11, DX 11, IQ 10, MA 10\nTalents: Sword\nArmor: Leather armor\n{written}\n"
    seen = _read(text, library)
    assert seen.problems == []
    assert seen.money == [money]
    assert [i.key for i in seen.figures[0].items] == ["leather"]  # "Money:" is a new list


def test_a_sum_at_the_end_of_a_list_is_money(library: RulesLibrary) -> None:
    """"...; Armor: Chainmail (stops 3), Small shield (stops 1); $120." kept "Armor: $120"."""
    text = ("Sgt. Brutus (human, 30 yrs): ST 13 DX 13 IQ 9 MA 10; Talents: Sword, Shield; "
            "Weapons: Broadsword 2d; Armor: Chainmail (stops 3), Small shield (stops 1); $120.")
    seen = _read(text, library)
    assert seen.problems == [] and not seen.unknowns
    (brutus,) = seen.figures
    assert seen.money == [120] and "$120" not in brutus.notes
    assert sorted(i.key for i in brutus.items) == ["broadsword", "chainmail", "small_shield"]
    assert brutus.age == 30


def test_adjusted_dx_and_ma_in_parentheses_are_checked(library: RulesLibrary) -> None:
    """Kept as worked out here; a figure the block worked out otherwise is said."""
    text = ("Guard: ST 12, DX 12 ({dx}), IQ 9, MA 10 ({ma}); Talents: Sword; "
            "Armor: Chainmail, Small shield")
    (guard,) = _read(text.format(dx=1, ma=1), library).figures
    worked = derive(guard, library, RuleProfile())
    right = _read(text.format(dx=worked.adj_dx, ma=worked.ma), library)
    assert right.figures == [guard] and not [w for w in right.warnings if "worked out" in w]
    wrong = _read(text.format(dx=worked.adj_dx + 1, ma=worked.ma + 2), library)
    assert wrong.figures == [guard]
    assert [w for w in wrong.warnings if "worked out" in w] == [
        f"line 1: Guard: adjDX {worked.adj_dx + 1} as written, {worked.adj_dx} as worked out "
        "here (from race, armor and talents)",
        f"line 1: Guard: MA {worked.ma + 2} as written, {worked.ma} as worked out here (from "
        "race, armor and talents)"]


@pytest.mark.parametrize(("head", "name", "count"), [
    ("6 goblins: ST 8, DX 11, IQ 7, MA 10", "Goblin", 6),
    ("3 HOBGOBLINS: ST 10, DX 11, IQ 8, MA 10", "HOBGOBLIN", 3),
    ("Goblins (6): ST 8, DX 11, IQ 7, MA 10", "Goblin", 6),
    ("Hobgoblin x3\nST 10, DX 11, IQ 8, MA 10", "Hobgoblin", 3),
    ("Four wolves\nST 10, DX 14, IQ 6, MA 12", "Wolf", 4)])
def test_a_group_is_numbered_figures_in_the_party(head: str, name: str, count: int,
                                                  library: RulesLibrary) -> None:
    seen = _read(head + "; Weapons: Dagger (1-1)" if ":" in head else head, library)
    assert seen.problems == []
    assert [f.name for f in seen.figures] == [f"{name} {n}" for n in range(1, count + 1)]


def test_a_group_is_one_template_with_its_count(store: CampaignStore) -> None:
    import_statblocks(store=store, bestiary=True,
                      text="6 cave goblins: ST 8, DX 11, IQ 7, MA 10. Dagger (1-1).")
    goblin = bestiary.template(store=store, key="cave_goblin")
    assert (goblin.name, goblin.count, goblin.weapons) == ("Cave goblin", 6, ("dagger",))


def test_a_creatures_attacks_hide_and_flight(store: CampaignStore) -> None:
    """An attack with dice is the attack (the rest its note); a hide stops; a second MA."""
    import_statblocks(store=store, bestiary=True, text=(
        "Giant Spider: ST 14, DX 13, IQ 4, MA 10. Bite (2d-1) plus poison.\n\n"
        "Stone Drake\nST 22, DX 12, IQ 6, MA 8\nClaws 2d6\nFlies MA 16\nStone Hide stops 3\n"))
    spider = bestiary.template(store=store, key="giant_spider")
    assert (spider.attack, str(spider.damage), spider.note) == ("Bite", "2d-1",
                                                                "Bite: plus poison")
    drake = bestiary.template(store=store, key="stone_drake")
    assert (drake.attack, str(drake.damage), drake.stops, drake.other_ma, drake.other_move,
            drake.note) == ("Claws", "2d", 3, 16, "flies", "")
    text = export_statblocks(store=store, bestiary=True, names=["Stone Drake"])
    assert "Moves: flies MA 16" in text and "Natural armor: stops 3" in text


def test_a_name_the_party_has_is_updated_or_copied_as_chosen(store: CampaignStore) -> None:
    """"GOBLIN ARCHER" beside "Goblin Archer": refused without a choice, then update or copy."""
    import_statblocks(store=store, text=GOBLIN_ARCHER.replace("GOBLIN ARCHER", "Goblin Archer"))
    (first,) = campaigns.party_sheets(store=store)
    seen = preview(store=store, text=GOBLIN_ARCHER.replace("ST 9", "ST 10"))
    assert seen.already == ["GOBLIN ARCHER"]
    assert "line 1: GOBLIN ARCHER is already in this campaign as Goblin Archer: the import " \
           "updates it or adds a copy, as you choose" in seen.warnings
    with pytest.raises(TransferError, match="GOBLIN ARCHER is already in this campaign as "
                       "Goblin Archer; import it with --update"):
        import_statblocks(store=store, text=GOBLIN_ARCHER.replace("ST 9", "ST 10"))
    import_statblocks(store=store, text=GOBLIN_ARCHER.replace("ST 9", "ST 10"),
                      already=Already.UPDATE)
    (updated,) = campaigns.party_sheets(store=store)
    assert (updated.id, updated.character.st, updated.character.name) == (
        first.id, 10, "GOBLIN ARCHER")
    import_statblocks(store=store, text=GOBLIN_ARCHER, already=Already.COPY)
    names = sorted(s.character.name for s in campaigns.party_sheets(store=store))
    assert names == ["GOBLIN ARCHER", "GOBLIN ARCHER (copy)"]
    journal.undo(store=store)
    journal.undo(store=store)
    assert [(s.character.name, s.character.st) for s in campaigns.party_sheets(store=store)] == [
        ("Goblin Archer", 9)]


def test_a_list_running_on_over_lines_keeps_what_each_entry_is(library: RulesLibrary) -> None:
    """Possessions on the line after the talents are possessions; a wrapped spell list wraps."""
    seen = _read("Goblin Archer\nST 9, DX 13, IQ 8, MA 10\nTalents: Bow\n"
                 "Shortbow (1-1), dagger (1-1), leather armor (stops 2).\n\n"
                 "Nix, wizard\nST 9, DX 12, IQ 13, MA 10\nSpells: Blur, Darkness,\n"
                 "Fire, Magic Fist.\n", library)
    archer, nix = seen.figures
    assert [t.key for t in archer.talents] == ["bow"]
    assert [i.key for i in archer.items] == ["small_bow", "dagger", "leather"]
    assert nix.spells == ("blur", "darkness", "fire", "magic_fist")


def test_what_a_sentence_says_a_figure_carries_is_read(library: RulesLibrary) -> None:
    """"Each has a broadsword (2+0) and a small shield." was one unknown weapon."""
    seen = _read("ORC GUARDS (4): ST 12, DX 10, IQ 8, MA 10. Each has a broadsword (2+0) and "
                 "a small shield.\nKettle, halfling: ST 8, DX 14, IQ 10. Dagger. Wears cloth "
                 "armor.\n", library)
    assert seen.problems == [] and not seen.unknowns
    guard, kettle = seen.figures[0], seen.figures[-1]
    assert sorted(i.key for i in guard.items) == ["broadsword", "small_shield"]
    assert sorted(i.key for i in kettle.items) == ["cloth", "dagger"]
    # Melee's "2+0" is the broadsword's 2 dice: no warning that it differs
    assert not any("Broadsword does" in w for n in seen.lines for w in n.warnings)


def test_hits_on_a_line_of_their_own_and_a_spells_cost_as_written(
        library: RulesLibrary) -> None:
    """"Hits: 13" ran into the armor above it; "Fire (var)" refused the whole import."""
    seen = _read("Sergeant Harl\nST 13 DX 12 IQ 9 MA 10\nArmor: Leather (stops 2)\nHits: 13\n\n"
                 "Mage\nST 9, DX 12, IQ 16\nSpells: Blur (2), Fire (var), Light (1)\n", library)
    assert seen.problems == [] and not seen.unknowns
    harl, mage = seen.figures
    assert [i.key for i in harl.items] == ["leather"] and harl.notes == ""
    assert list(mage.spells) == ["blur", "fire", "light"]


def test_a_table_of_figures_imports_as_figures(library: RulesLibrary) -> None:
    """A wiki's or a GM's notes' table: each row a figure, its columns its lists."""
    text = ("| Name | # | ST | DX | IQ | MA | Weapons | Armor |\n"
            "|---|---|---|---|---|---|---|---|\n"
            "| Orc | 3 | 12 | 10 | 8 | 10 | Mace (2-1), dagger | Leather |\n"
            "| Shaman (orc wizard) | | 9 | 11 | 13 | 10 | Staff | |\n")
    seen = _read(text, library)
    assert [f.name for f in seen.figures] == ["Orc 1", "Orc 2", "Orc 3", "Shaman"]
    orc = seen.figures[0]
    assert (orc.race, orc.st, orc.dx, orc.iq) == ("orc", 12, 10, 8)
    assert sorted(i.key for i in orc.items) == ["dagger", "leather", "mace"]
    assert seen.figures[-1].kind.value == "wizard"
