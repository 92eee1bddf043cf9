"""A campaign's own rules library: house rules, retiring, shipped updates, export/import."""

from __future__ import annotations

import datetime
import json
import shutil
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import tomli_w

from tftmanager.app import library as app_library
from tftmanager.app.campaigns import character_sheet, new_campaign, open_existing, party_sheets
from tftmanager.app.changes import Changes
from tftmanager.app.characters import create_character
from tftmanager.app.library import (
    Difference,
    LibraryError,
    delete_entry,
    differences,
    entries,
    export_library,
    import_library,
    library_for,
    parse_library,
    review_differences,
    save_entry,
    update_available,
    users_of,
)
from tftmanager.app.weeks import run_weeks
from tftmanager.rules.abilities import KnownTalent
from tftmanager.rules.character import Character
from tftmanager.rules.learning import talent_availability
from tftmanager.rules.library_entries import Entry
from tftmanager.rules.settings import RuleProfile
from tftmanager.shipped import library_version, shipped_entries, shipped_library
from tftmanager.store.campaign import CampaignStore

pytestmark = pytest.mark.app

Snapshot = list[tuple[str, str, str, bool]]


def snapshot(store: CampaignStore) -> Snapshot:
    """The campaign's library, comparable and order-free."""
    return sorted((e.kind, e.key, e.canonical(), e.retired) for e in entries(store=store))


def entry(store: CampaignStore, kind: str, key: str) -> Entry:
    return next(e for e in entries(store=store) if (e.kind, e.key) == (kind, key))


def edited(original: Entry, **changes: Any) -> Entry:
    return Entry(original.kind, original.key, {**original.data, **changes}, original.retired)


def retire(store: CampaignStore, kind: str, key: str, retired: bool = True) -> None:
    """Retire (or restore) an entry as the library editor does: save it with the flag."""
    current = entry(store, kind, key)
    save_entry(store=store, entry=Entry(kind, key, current.data, retired))


def joe_id(store: CampaignStore) -> int:
    sheet = next(s for s in party_sheets(store=store)
                 if s.character.name == "Joe the Barbarian")
    assert sheet.id is not None
    return sheet.id


# --- the campaign's copy ----------------------------------------------------------


def test_new_campaign_holds_the_shipped_library(store: CampaignStore) -> None:
    assert len(entries(store=store)) == len(shipped_entries())
    assert snapshot(store) == sorted(
        (e.kind, e.key, e.canonical(), e.retired) for e in shipped_entries())
    library = library_for(store)
    shipped = shipped_library()
    assert library.talents == shipped.talents
    assert library.spells == shipped.spells
    assert library.cost_exceptions == shipped.cost_exceptions
    assert library.races == shipped.races


def test_library_for_is_cached_until_a_change(store: CampaignStore) -> None:
    assert library_for(store) is library_for(store)


def test_save_entry_edits_a_talent(store: CampaignStore) -> None:
    before = library_for(store)
    changes = save_entry(store=store, entry=edited(entry(store, "talent", "running"), cost=3))
    assert changes == Changes(library=True, party=True, settings=True)
    after = library_for(store)
    assert after is not before
    assert after.talents["running"].cost == 3
    assert before.talents["running"].cost == 2
    assert entry(store, "talent", "running").data["cost"] == 3


def test_save_entry_adds_a_talent(store: CampaignStore) -> None:
    new = Entry("talent", "snow_dancing", {
        "key": "snow_dancing", "name": "Snow Dancing", "iq": 9, "cost": 1,
        "requires": ["skiing"], "category": 1, "summary": "House rule.", "source": "GM",
    })
    save_entry(store=store, entry=new)
    talent = library_for(store).talents["snow_dancing"]
    assert (talent.name, talent.requires, talent.category) == ("Snow Dancing", ("skiing",), 1)
    assert len(entries(store=store)) == len(shipped_entries()) + 1


def test_edited_cost_changes_a_characters_memory(demo_store: CampaignStore) -> None:
    joe = joe_id(demo_store)
    assert character_sheet(store=demo_store, character_id=joe).problems == ()
    save_entry(store=demo_store,
               entry=edited(entry(demo_store, "talent", "running"), cost=4))
    problems = character_sheet(store=demo_store, character_id=joe).problems
    assert [p.field for p in problems] == ["memory"]


@pytest.mark.parametrize(
    ("key", "change", "words"),
    [
        ("running", {"requires": ["no_such_talent"]}, "no_such_talent"),
        ("running", {"category": 7}, "category"),
        ("running", {"cost": "two"}, "cost"),
        ("running", {"iq": True}, "iq"),
        ("fencing", {"wizard_cost": 1.5}, "wizard_cost"),
    ],
)
def test_a_malformed_edit_changes_nothing(store: CampaignStore, key: str,
                                          change: dict[str, Any], words: str) -> None:
    before = snapshot(store)
    library = library_for(store)
    with pytest.raises(LibraryError, match=words):
        save_entry(store=store, entry=edited(entry(store, "talent", key), **change))
    assert snapshot(store) == before
    assert library_for(store) is library


def test_a_malformed_spell_or_exception_changes_nothing(store: CampaignStore) -> None:
    before = snapshot(store)
    with pytest.raises(LibraryError, match="no_such_spell"):
        save_entry(store=store, entry=edited(entry(store, "spell", "staff_ii"),
                                             requires=["no_such_spell"]))
    with pytest.raises(LibraryError):
        save_entry(store=store, entry=edited(entry(store, "spell", "blur"), type="laser"))
    bad_exception = Entry("cost_exception", "running:nobody", {
        "talent": "running", "cost": 1, "when_known": ["nobody"], "note": ""})
    with pytest.raises(LibraryError, match="nobody"):
        save_entry(store=store, entry=bad_exception)
    assert snapshot(store) == before


# --- retiring and deleting ------------------------------------------------------------


def test_retire_hides_a_talent_but_keeps_it_for_those_who_know_it(
    demo_store: CampaignStore,
) -> None:
    joe = joe_id(demo_store)
    retire(demo_store, "talent", "running")
    library = library_for(demo_store)
    assert library.is_retired("talent", "running")
    assert library.talents["running"].retired
    # Joe knows Running: it still resolves, costs the same and is no problem.
    assert character_sheet(store=demo_store, character_id=joe).problems == ()
    # Nobody else is offered it.
    newcomer = Character(name="New", race="human", st=10, dx=10, iq=12)
    availability = talent_availability(library.talents["running"], newcomer, library,
                                       RuleProfile())
    assert not availability.available
    assert any("retired" in r for r in availability.reasons)
    # And it can be brought back.
    retire(demo_store, "talent", "running", retired=False)
    library = library_for(demo_store)
    assert not library.is_retired("talent", "running")
    assert not library.talents["running"].retired


def test_users_of(demo_store: CampaignStore) -> None:
    assert users_of(store=demo_store, kind="talent", key="running") == ["Joe the Barbarian"]
    assert sorted(users_of(store=demo_store, kind="talent", key="sword")) == [
        "Flavius Marcellus", "Joe the Barbarian", "Wulf"]
    assert users_of(store=demo_store, kind="talent", key="fencing") == []
    assert sorted(users_of(store=demo_store, kind="armor", key="leather")) == [
        "Joe the Barbarian", "Ragnar"]
    assert users_of(store=demo_store, kind="cost_exception", key="physicker:first_aid") == []


def test_delete_a_talent_in_use_is_refused(demo_store: CampaignStore) -> None:
    before = snapshot(demo_store)
    with pytest.raises(LibraryError, match="Joe the Barbarian uses it") as refused:
        delete_entry(store=demo_store, kind="talent", key="running")
    assert "retired" in str(refused.value)
    with pytest.raises(LibraryError, match="Wulf"):
        delete_entry(store=demo_store, kind="talent", key="sword")
    assert snapshot(demo_store) == before


def test_delete_a_spell_in_use_is_refused(store: CampaignStore) -> None:
    create_character(store=store, character=Character(
        name="Merlin", race="human", st=8, dx=10, iq=14, spells=("blur",)))
    with pytest.raises(LibraryError, match="Merlin uses it"):
        delete_entry(store=store, kind="spell", key="blur")


def test_delete_an_unused_entry(demo_store: CampaignStore) -> None:
    count = len(entries(store=demo_store))
    changes = delete_entry(store=demo_store, kind="talent", key="carousing")
    assert changes.library
    assert "carousing" not in library_for(demo_store).talents
    assert len(entries(store=demo_store)) == count - 1
    delete_entry(store=demo_store, kind="spell", key="control_will")
    assert "control_will" not in library_for(demo_store).spells


def test_delete_a_prerequisite_of_another_entry_is_refused(store: CampaignStore) -> None:
    before = snapshot(store)
    with pytest.raises(LibraryError, match="literacy"):
        delete_entry(store=store, kind="talent", key="literacy")
    with pytest.raises(LibraryError, match="first_aid"):  # a cost exception names it
        delete_entry(store=store, kind="talent", key="first_aid")
    assert snapshot(store) == before


# --- shipped updates ----------------------------------------------------------------------


def test_no_differences_in_a_new_campaign(store: CampaignStore) -> None:
    assert differences(store=store) == []
    assert not update_available(store=store)


ShipFn = Callable[[list[Entry], str], None]


@pytest.fixture
def ship(monkeypatch: pytest.MonkeyPatch) -> ShipFn:
    """Pretend a newer TFT Manager ships these entries under this version."""

    def install(new_entries: list[Entry], version: str) -> None:
        monkeypatch.setattr(app_library, "shipped_entries", lambda: list(new_entries))
        monkeypatch.setattr(app_library, "library_version", lambda: version)

    return install


def newer(changes: dict[tuple[str, str], dict[str, Any]],
          added: tuple[Entry, ...] = ()) -> list[Entry]:
    result = []
    for e in shipped_entries():
        change = changes.get((e.kind, e.key))
        result.append(Entry(e.kind, e.key, {**e.data, **change}) if change else e)
    return result + list(added)


SNOW_DANCING = Entry("talent", "snow_dancing", {
    "key": "snow_dancing", "name": "Snow Dancing", "iq": 9, "cost": 1, "requires": [],
    "category": 1, "category_assumed": True, "summary": "New.", "source": "Newer release",
})


def by_key(found: list[Difference]) -> dict[tuple[str, str], Difference]:
    return {(d.kind, d.key): d for d in found}


def test_differences_show_new_changed_and_house_ruled(store: CampaignStore,
                                                      ship: ShipFn) -> None:
    # The GM house-rules Climbing; then a release changes Running and Climbing and
    # adds Snow Dancing.
    save_entry(store=store, entry=edited(entry(store, "talent", "climbing"), cost=2))
    ship(newer({("talent", "running"): {"cost": 3}, ("talent", "climbing"): {"iq": 10}},
               (SNOW_DANCING,)), "9999.1")
    found = by_key(differences(store=store))
    assert set(found) == {("talent", "running"), ("talent", "climbing"),
                          ("talent", "snow_dancing")}
    running = found[("talent", "running")]
    assert (running.change, running.house_ruled) == ("changed", False)
    assert running.shipped.data["cost"] == 3
    assert running.current is not None and running.current.data["cost"] == 2
    climbing = found[("talent", "climbing")]
    assert (climbing.change, climbing.house_ruled) == ("changed", True)
    assert "house-ruled" in climbing.label
    snow = found[("talent", "snow_dancing")]
    assert (snow.change, snow.current, snow.house_ruled) == ("new", None, False)
    assert snow.label == "talent Snow Dancing: new"
    assert update_available(store=store)


def test_a_house_rule_alone_is_not_a_difference(store: CampaignStore, ship: ShipFn) -> None:
    save_entry(store=store, entry=edited(entry(store, "talent", "climbing"), cost=2))
    assert differences(store=store) == []
    ship(newer({}), "9999.1")
    assert differences(store=store) == []
    assert not update_available(store=store)


def test_review_takes_only_what_is_accepted(store: CampaignStore, ship: ShipFn) -> None:
    ship(newer({("talent", "running"): {"cost": 3}, ("talent", "swimming"): {"cost": 2}},
               (SNOW_DANCING,)), "9999.1")
    found = by_key(differences(store=store))
    changes = review_differences(
        store=store,
        accept=[found[("talent", "running")], found[("talent", "snow_dancing")]],
        skip=[found[("talent", "swimming")]],
    )
    assert changes.library
    library = library_for(store)
    assert library.talents["running"].cost == 3
    assert library.talents["snow_dancing"].name == "Snow Dancing"
    assert library.talents["swimming"].cost == 1  # skipped: unchanged
    # Nothing is offered again: accepted and skipped both count as reviewed.
    assert differences(store=store) == []
    assert not update_available(store=store)


def test_a_skipped_change_comes_back_if_a_later_release_changes_it_again(
    store: CampaignStore, ship: ShipFn,
) -> None:
    ship(newer({("talent", "swimming"): {"cost": 2}}), "9999.1")
    review_differences(store=store, accept=[], skip=differences(store=store))
    assert differences(store=store) == []
    ship(newer({("talent", "swimming"): {"cost": 3}}), "9999.2")
    [again] = differences(store=store)
    assert (again.key, again.shipped.data["cost"]) == ("swimming", 3)
    assert update_available(store=store)


def test_accepting_over_a_house_rule(store: CampaignStore, ship: ShipFn) -> None:
    save_entry(store=store, entry=edited(entry(store, "talent", "climbing"), cost=2))
    ship(newer({("talent", "climbing"): {"iq": 10}}), "9999.1")
    [climbing] = differences(store=store)
    assert climbing.house_ruled
    review_differences(store=store, accept=[climbing], skip=[])
    talent = library_for(store).talents["climbing"]
    assert (talent.iq, talent.cost) == (10, 1)
    assert differences(store=store) == []


def test_a_broken_release_is_refused_and_changes_nothing(store: CampaignStore,
                                                         ship: ShipFn) -> None:
    ship(newer({("talent", "running"): {"requires": ["no_such_talent"]}}), "9999.1")
    before = snapshot(store)
    with pytest.raises(LibraryError, match="no_such_talent"):
        review_differences(store=store, accept=differences(store=store), skip=[])
    assert snapshot(store) == before
    assert update_available(store=store)


def test_update_available_needs_a_new_version(store: CampaignStore, ship: ShipFn) -> None:
    ship(newer({("talent", "running"): {"cost": 3}}), library_version())
    assert differences(store=store)
    assert not update_available(store=store)


# --- export and import ----------------------------------------------------------------------


@pytest.mark.parametrize("fmt", ["toml", "json"])
def test_export_import_round_trip(demo_store: CampaignStore, fmt: str) -> None:
    retire(demo_store, "talent", "running")
    save_entry(store=demo_store,
               entry=edited(entry(demo_store, "talent", "climbing"), cost=2))
    before = snapshot(demo_store)
    text = export_library(store=demo_store, fmt=fmt)
    doc = json.loads(text) if fmt == "json" else tomllib.loads(text)
    assert doc["format"] == "tftmanager.library"
    assert doc["version"] == 1
    assert {"race", "weapon", "armor", "shield", "talent", "cost_exception", "spell",
            "injury"} <= set(doc)
    assert len(parse_library(text, fmt)) == len(before)
    changes = import_library(store=demo_store, text=text, fmt=fmt)
    assert changes.library
    assert snapshot(demo_store) == before
    assert library_for(demo_store).is_retired("talent", "running")


def test_import_into_another_campaign(demo_store: CampaignStore, tmp_path: Path) -> None:
    save_entry(store=demo_store,
               entry=edited(entry(demo_store, "talent", "climbing"), cost=2))
    other = new_campaign(path=tmp_path / "other.tftcampaign")
    try:
        import_library(store=other, text=export_library(store=demo_store), fmt="toml")
        assert snapshot(other) == snapshot(demo_store)
        assert library_for(other).talents["climbing"].cost == 2
    finally:
        other.close()


def exported(store: CampaignStore) -> dict[str, Any]:
    return tomllib.loads(export_library(store=store))


def _drop_format(doc: dict[str, Any]) -> None:
    doc["format"] = "tftmanager.party"


def _newer_version(doc: dict[str, Any]) -> None:
    doc["version"] = 2


def _no_version(doc: dict[str, Any]) -> None:
    del doc["version"]


def _unknown_section(doc: dict[str, Any]) -> None:
    doc["monster"] = [{"key": "dragon"}]


def _unknown_prerequisite(doc: dict[str, Any]) -> None:
    talent = next(t for t in doc["talent"] if t["key"] == "running")
    talent["requires"] = ["no_such_talent"]


def _not_tables(doc: dict[str, Any]) -> None:
    doc["talent"] = [1, 2, 3]


def _duplicate_key(doc: dict[str, Any]) -> None:
    doc["talent"].append(dict(doc["talent"][0]))


def _keyless(doc: dict[str, Any]) -> None:
    del doc["spell"][0]["key"]


def _bad_injury(doc: dict[str, Any]) -> None:
    doc["injury"] = [1]


# The combat rules and the bestiary are built only when first read
# (rules.library_parts); an import must still refuse them when they are bad.
def _bad_combat_rules(doc: dict[str, Any]) -> None:
    doc["injury"]["to_hit"]["triple_on"] = "three"


def _bad_creature(doc: dict[str, Any]) -> None:
    doc["creature"][0]["weapons"] = ["no_such_weapon"]


def _exception_known_not_a_list(doc: dict[str, Any]) -> None:
    doc["cost_exception"][0]["when_known"] = 2.5  # found by the fuzzer: a crash report before


def _exception_without_talent(doc: dict[str, Any]) -> None:
    del doc["cost_exception"][0]["talent"]


@pytest.mark.parametrize(
    ("breaker", "words"),
    [
        (_drop_format, "not a TFT Manager library"),
        (_newer_version, "newer"),
        (_no_version, "version"),
        (_unknown_section, "unknown section"),
        (_unknown_prerequisite, "no_such_talent"),
        (_not_tables, "list of tables"),
        (_duplicate_key, "twice"),
        (_keyless, "no key"),
        (_bad_injury, "injury"),
        (_bad_combat_rules, r"Combat rules \(\[to_hit\]"),
        (_bad_creature, "Creature '.*no_such_weapon"),
        (_exception_known_not_a_list, "when_known must be a list of talent keys"),
        (_exception_without_talent, "cost exception names no talent"),
    ],
)
def test_a_bad_library_file_is_refused_and_changes_nothing(
    store: CampaignStore, breaker: Callable[[dict[str, Any]], None], words: str,
) -> None:
    doc = exported(store)
    breaker(doc)
    text = tomli_w.dumps(doc)
    before = snapshot(store)
    with pytest.raises(LibraryError, match=words):
        parse_library(text, "toml")
    with pytest.raises(LibraryError, match=words):
        import_library(store=store, text=text, fmt="toml")
    assert snapshot(store) == before


@pytest.mark.parametrize(("text", "fmt"), [
    ("this is [not toml", "toml"),
    ("{not json", "json"),
    ("[1, 2]", "json"),
    ("", "toml"),
])
def test_text_that_is_not_a_library(store: CampaignStore, text: str, fmt: str) -> None:
    before = snapshot(store)
    with pytest.raises(LibraryError):
        import_library(store=store, text=text, fmt=fmt)
    assert snapshot(store) == before


def test_values_only_one_format_can_hold_are_refused(store: CampaignStore) -> None:
    # JSON null has no TOML form, and a TOML date no JSON form: either would break
    # a later export, so neither is imported.
    before = snapshot(store)
    doc = json.loads(export_library(store=store, fmt="json"))
    doc["talent"][0]["note"] = None
    with pytest.raises(LibraryError, match=r"'talent\[0\]\.note' is null"):
        import_library(store=store, text=json.dumps(doc), fmt="json")
    doc = exported(store)
    doc["spell"][1]["added"] = datetime.date(2020, 1, 1)
    with pytest.raises(LibraryError, match=r"'spell\[1\]\.added' is a date"):
        import_library(store=store, text=tomli_w.dumps(doc), fmt="toml")
    assert snapshot(store) == before
    assert tomllib.loads(export_library(store=store))["format"] == "tftmanager.library"


def test_import_refused_when_it_lacks_what_characters_use(demo_store: CampaignStore) -> None:
    doc = exported(demo_store)
    doc["talent"] = [t for t in doc["talent"] if t["key"] != "running"]
    text = tomli_w.dumps(doc)
    assert parse_library(text, "toml")  # a valid library in itself
    before = snapshot(demo_store)
    with pytest.raises(LibraryError, match="talent 'running'"):
        import_library(store=demo_store, text=text, fmt="toml")
    assert snapshot(demo_store) == before


def test_import_may_drop_what_nobody_uses(demo_store: CampaignStore) -> None:
    doc = exported(demo_store)
    doc["talent"] = [t for t in doc["talent"] if t["key"] != "carousing"]
    import_library(store=demo_store, text=tomli_w.dumps(doc), fmt="toml")
    assert "carousing" not in library_for(demo_store).talents
    joe = joe_id(demo_store)
    assert character_sheet(store=demo_store, character_id=joe).problems == ()


def test_known_talent_survives_import(demo_store: CampaignStore) -> None:
    # Import leaves characters alone: Joe keeps his talents and their costs.
    joe = joe_id(demo_store)
    import_library(store=demo_store, text=export_library(store=demo_store, fmt="json"),
                   fmt="json")
    sheet = character_sheet(store=demo_store, character_id=joe)
    assert KnownTalent("running") in sheet.character.talents
    assert sheet.problems == ()


def test_a_skipped_new_entry_is_kept_retired_and_not_offered_again(
        store: CampaignStore, monkeypatch: pytest.MonkeyPatch) -> None:
    bow = Entry("weapon", "war_bow", {"key": "war_bow", "name": "War Bow",
                                        "damage": "2d", "st": 14, "missile": True})
    monkeypatch.setattr(app_library, "shipped_entries", lambda: [*shipped_entries(), bow])
    monkeypatch.setattr(app_library, "library_version", lambda: "2099.1")
    (difference,) = app_library.differences(store=store)
    assert difference.change == "new"
    app_library.review_differences(store=store, accept=[], skip=[difference])
    assert app_library.differences(store=store) == []
    library = app_library.library_for(store)
    assert "war_bow" in library.weapons and library.is_retired("weapon", "war_bow")


def test_retired_must_be_true_or_false_in_an_imported_library(store: CampaignStore) -> None:
    text = app_library.export_library(store=store).replace(
        'key = "sword"', 'key = "sword"\nretired = "no"', 1)
    before = app_library.entries(store=store)
    with pytest.raises(app_library.LibraryError, match="retired must be true or false"):
        app_library.import_library(store=store, text=text, fmt="toml")
    assert app_library.entries(store=store) == before


# --- rule values read from the library ------------------------------------------------------


def test_a_gm_s_recovery_dx_is_the_penalty_on_the_derived_figure(store: CampaignStore) -> None:
    survivor = Character(name="Survivor", race="human", st=12, dx=13, iq=9, wounds=12,
                         recovery_weeks=5)
    cid = create_character(store=store, character=survivor).id
    assert character_sheet(store=store, character_id=cid).derived.adj_dx == 13 - 5
    rules = entry(store, "job_rules", "table")
    save_entry(store=store, entry=edited(rules, survival={**rules.data["survival"],
                                                          "recovery_dx": -2}))
    derived = character_sheet(store=store, character_id=cid).derived
    assert (derived.adj_dx, derived.recovery_dx) == (13 - 2, -2)


def test_an_older_campaign_reads_the_values_it_predates_from_the_shipped_library(
    tmp_path: Path,
) -> None:
    """A schema-5 campaign's library lacks values later moved out of the code into the data."""
    path = tmp_path / "old.tftcampaign"
    shutil.copyfile(Path(__file__).parents[1] / "data" / "campaign-schema5.tftcampaign", path)
    with open_existing(path=path) as store:
        before = {(e.kind, e.key): e.data for e in entries(store=store)}
        jobs = before[("job_rules", "table")]
        assert "job_week" not in jobs and "memory" not in before[("experience", "table")]
        library, shipped = library_for(store), shipped_library()
        assert library.jobs is not None and shipped.jobs is not None
        assert library.jobs.rolls == shipped.jobs.rolls
        assert library.memory_costs == shipped.memory_costs
        assert library.xp_costs is not None and shipped.xp_costs is not None
        assert library.xp_costs.memory_cost == shipped.xp_costs.memory_cost
        assert library.equipment_rules is not None and shipped.equipment_rules is not None
        assert library.equipment_rules.unarmored_ma == shipped.equipment_rules.unarmored_ma
        # Nothing was written; the update is offered for review, entry by entry.
        assert {(e.kind, e.key): e.data for e in entries(store=store)} == before
        assert update_available(store=store)
        assert ("job_rules", "table") in {(d.kind, d.key) for d in differences(store=store)}
        # The campaign's own values always win over the shipped ones.
        own = {"risk_roll": "4d", "disaster_roll": "3d", "disaster_attributes": ["ST"]}
        save_entry(store=store, entry=Entry("job_rules", "table", {**jobs, "job_week": own}))
        assert library_for(store).jobs.rolls.risk == "4d"  # type: ignore[union-attr]
        [week] = run_weeks(store=store, seed=1, dry_run=True)
        risks = [r for c in week.report.characters for r in c.rolls if r.startswith("risk")]
        assert risks and all(r.startswith("risk: 4d = ") for r in risks)
