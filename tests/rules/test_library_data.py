"""RulesLibrary.from_data: good data builds the library, bad data says what is wrong."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from tftmanager.rules.library import RulesLibrary
from tftmanager.rules.problems import RulesDataError
from tftmanager.shipped import rules_documents

pytestmark = pytest.mark.rules

Docs = dict[str, Any]


@pytest.fixture
def docs() -> Docs:
    """A private copy of the shipped documents to break."""
    return copy.deepcopy(rules_documents())


def build(docs: Docs) -> RulesLibrary:
    # Any further shipped documents (talents, spells...) are passed on as they are.
    extra = {name: docs[name] for name in ("talents", "spells") if name in docs}
    return RulesLibrary.from_data(
        races=docs["races"], weapons=docs["weapons"], armor=docs["armor"], injury=docs["injury"],
        **extra,
    )


def test_shipped_documents_build(docs: Docs) -> None:
    library = build(docs)
    assert len(library.races) == 8  # Melee's seven and its giant
    assert len(library.weapons) == 27  # Melee's 24, the expansion's Great Bow, lance, pike
    assert {"cloth", "leather", "chainmail", "plate", "fine_chainmail", "fine_half_plate",
            "fine_plate"} <= set(library.armors)
    assert len(library.injury.bands) == 10


def weapon(docs: Docs, key: str) -> dict[str, Any]:
    return next(w for w in docs["weapons"]["weapon"] if w["key"] == key)


def race(docs: Docs, key: str) -> dict[str, Any]:
    return next(r for r in docs["races"]["race"] if r["key"] == key)


def _missing_weapon_st(d: Docs) -> None:
    del weapon(d, "broadsword")["st"]


def _missing_race_name(d: Docs) -> None:
    del race(d, "elf")["name"]


def _missing_melee_limits(d: Docs) -> None:
    del race(d, "dwarf")["melee"]


def _missing_itl_min_iq(d: Docs) -> None:
    del race(d, "human")["itl"]["min_iq"]


def _missing_armor_stops(d: Docs) -> None:
    del d["armor"]["armor"][0]["stops"]


def _missing_injury_melee(d: Docs) -> None:
    del d["injury"]["melee"]


def _duplicate_weapon(d: Docs) -> None:
    d["weapons"]["weapon"].append(dict(weapon(d, "dagger")))


def _duplicate_race(d: Docs) -> None:
    d["races"]["race"].append(copy.deepcopy(race(d, "orc")))


def _duplicate_shield(d: Docs) -> None:
    d["armor"]["shield"].append(dict(d["armor"]["shield"][0]))


def _st_as_text(d: Docs) -> None:
    weapon(d, "mace")["st"] = "11"


def _st_as_bool(d: Docs) -> None:
    weapon(d, "mace")["st"] = True


def _two_handed_as_text(d: Docs) -> None:
    weapon(d, "battleaxe")["two_handed"] = "yes"


def _race_ma_as_float(d: Docs) -> None:
    race(d, "elf")["ma"] = 12.5


def _weapons_not_a_list(d: Docs) -> None:
    d["weapons"]["weapon"] = {"key": "dagger"}


def _row_not_a_table(d: Docs) -> None:
    d["armor"]["armor"].append("plate")


def _bad_carry_free(d: Docs) -> None:
    weapon(d, "dagger")["carry_free"] = "pocket"


def _bad_modifier_effect(d: Docs) -> None:
    race(d, "dwarf")["modifiers"][0]["effect"] = "luck"


def _bad_modifier_mode(d: Docs) -> None:
    race(d, "halfling")["modifiers"][0]["modes"] = ["telepathic"]


def _fast_dx_as_text(d: Docs) -> None:
    weapon(d, "longbow")["fast_dx"] = "18"


def _injury_band_as_text(d: Docs) -> None:
    d["injury"]["house"]["bands"][0]["knockdown_hits"] = "8"


def _bad_dice(d: Docs) -> None:
    weapon(d, "broadsword")["damage"] = "2d6"


def _no_dice(d: Docs) -> None:
    weapon(d, "broadsword")["damage"] = "0d+2"


def _dice_as_number(d: Docs) -> None:
    weapon(d, "broadsword")["damage"] = 2


BREAKAGES: dict[str, tuple[Callable[[Docs], None], str]] = {
    "missing weapon st": (_missing_weapon_st, "'broadsword' has no 'st'"),
    "missing race name": (_missing_race_name, "'elf' has no 'name'"),
    "missing melee limits": (_missing_melee_limits, "'dwarf' has no 'melee'"),
    "missing itl min_iq": (_missing_itl_min_iq, "has no 'min_iq'"),
    "missing armor stops": (_missing_armor_stops, "'cloth' has no 'stops'"),
    "missing injury melee": (_missing_injury_melee, "has no 'melee'"),
    "duplicate weapon": (_duplicate_weapon, "'dagger' appears twice"),
    "duplicate race": (_duplicate_race, "'orc' appears twice"),
    "duplicate shield": (_duplicate_shield, "'small_shield' appears twice"),
    "st as text": (_st_as_text, "'mace': 'st' must be int"),
    "st as bool": (_st_as_bool, "'mace': 'st' must be a whole number"),
    "two_handed as text": (_two_handed_as_text, "'two_handed' must be bool"),
    "race ma as float": (_race_ma_as_float, "'ma' must be int"),
    "weapons not a list": (_weapons_not_a_list, "'weapon' must be a list of tables"),
    "row not a table": (_row_not_a_table, "'armor' must be a list of tables"),
    "bad carry_free": (_bad_carry_free, "pocket"),
    "bad modifier effect": (_bad_modifier_effect, "luck"),
    "bad modifier mode": (_bad_modifier_mode, "telepathic"),
    "fast_dx as text": (_fast_dx_as_text, "fast_dx must be a whole number"),
    "injury band as text": (_injury_band_as_text, "'knockdown_hits' must be int"),
    "bad dice": (_bad_dice, "'2d6' is not damage dice"),
    "no dice": (_no_dice, "rolls no dice"),
    "dice as a number": (_dice_as_number, "'damage' must be str"),
}


@pytest.mark.parametrize("name", sorted(BREAKAGES))
def test_bad_data_is_refused(docs: Docs, name: str) -> None:
    breakage, message = BREAKAGES[name]
    breakage(docs)
    with pytest.raises(RulesDataError) as info:
        build(docs)
    assert message in str(info.value)


def test_a_corrected_value_is_used(docs: Docs) -> None:
    # The GM can correct any value: the library takes the data as given.
    weapon(docs, "light_crossbow")["st"] = 11
    assert build(docs).weapons["light_crossbow"].st == 11


def test_optional_sections_may_be_missing(docs: Docs) -> None:
    del docs["injury"]["house"]
    docs["armor"].pop("shield")
    library = build(docs)
    assert library.shields == {}
    assert library.injury.bands == ()


# --- an older campaign's library and the shipped values it predates ---------------------------


def test_values_a_campaign_lacks_come_from_the_shipped_library_and_its_own_win() -> None:
    from tftmanager.rules.library_entries import (
        Entry,
        entries_from_documents,
        library_from_entries,
    )

    shipped = entries_from_documents(rules_documents())
    old = []
    for entry in shipped:
        data = dict(entry.data)
        if entry.kind == "job_rules":
            data.pop("job_week")  # a section added later
            data["merchant"] = {k: v for k, v in data["merchant"].items()
                                if k != "pay_min_increase"}  # a value added later
            bonuses = dict(data["mercenary_bonuses"])
            bonuses["races"] = {"gargoyle": 3}  # the GM's own table: kept whole
            data["mercenary_bonuses"] = bonuses
            data["merchant"]["pay_percent"] = 30  # the GM's own value wins
        old.append(Entry(entry.kind, entry.key, data, entry.retired))
    with pytest.raises(RulesDataError):
        library_from_entries(old).check_all()  # without the shipped values it cannot be read
    jobs = library_from_entries(old, shipped).jobs
    assert jobs is not None
    assert jobs.rolls.risk == "3d"
    assert jobs.merchant["pay_min_increase"] == 5
    assert jobs.merchant["pay_percent"] == 30
    assert jobs.merc["races"] == {"gargoyle": 3}


def test_what_the_picker_shows_of_a_talent_or_spell_is_in_a_players_words(
        library: RulesLibrary) -> None:
    """No maintainer's notation ("requires = []", "S11", "TFT-FACTS") in the picker's details."""
    import re

    jargon = re.compile(r"= \[|\bS\d+\b|TFT-FACTS|READING\.md|\.toml")
    shown = [(t.name, t.assumed, t.summary) for t in library.talents.values()]
    shown += [(s.name, s.uncertain, s.summary) for s in library.spells.values()]
    for name, *texts in shown:
        for text in texts:
            assert not jargon.search(text or ""), (name, text)
