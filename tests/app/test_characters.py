"""Character use cases: each returns what it changed, and bad input changes nothing."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from tftmanager.app.campaigns import (
    campaign_name,
    character_sheet,
    get_profile,
    new_campaign,
    open_existing,
    party_sheets,
    set_profile,
)
from tftmanager.app.changes import Changes
from tftmanager.app.characters import (
    create_character,
    delete_character,
    duplicate_character,
    edit_character,
    get_character,
    rename_character,
)
from tftmanager.app.journal import history, undo
from tftmanager.rules.character import Character, InputError
from tftmanager.rules.loadout import outfit
from tftmanager.rules.problems import Severity
from tftmanager.rules.settings import CreationScheme, RuleProfile
from tftmanager.store.campaign import CampaignStore
from tftmanager.store.queries import NotFound

pytestmark = pytest.mark.app

WULF = Character(
    name="Wulf", race="human", st=14, dx=10, iq=8,
    items=outfit(weapons=("longbow", "two_handed_sword"), ready_weapon="longbow"),
)


def party(store: CampaignStore) -> list[tuple[int | None, str | None, Character]]:
    return [(s.id, s.uid, s.character) for s in party_sheets(store=store)]


def test_create(store: CampaignStore) -> None:
    created = create_character(store=store, character=WULF)
    assert created.changes == Changes(party=True, characters=frozenset({created.id}))
    assert len(created.uid) == 36
    assert get_character(store=store, character_id=created.id) == WULF
    assert party(store) == [(created.id, created.uid, WULF)]


def test_edit(store: CampaignStore) -> None:
    created = create_character(store=store, character=WULF)
    edited = replace(WULF, st=15, items=outfit(weapons=("battleaxe", "longbow"),
                                               ready_weapon="battleaxe"))
    changes = edit_character(store=store, character_id=created.id, character=edited)
    assert changes == Changes(characters=frozenset({created.id}))
    assert not changes.party
    assert get_character(store=store, character_id=created.id) == edited
    # Same identity after an edit.
    assert party(store) == [(created.id, created.uid, edited)]


def test_an_edit_from_an_old_copy_keeps_what_changed_meanwhile(store: CampaignStore) -> None:
    """The editor's copy is from before a player's raise: its notes edit keeps the raise."""
    created = create_character(store=store, character=WULF)
    shown = get_character(store=store, character_id=created.id)  # what the editor shows
    edit_character(store=store, character_id=created.id,
                   character=replace(shown, dx=11))  # meanwhile, through the table server
    edit_character(store=store, character_id=created.id,
                   character=replace(shown, notes="Owes Ragnar $5"), was=shown)
    now = get_character(store=store, character_id=created.id)
    assert (now.dx, now.notes) == (11, "Owes Ragnar $5")
    assert [op.label for op in history(store=store)[:1]] == ["Wulf: notes edited"]


def test_edit_of_a_missing_character(store: CampaignStore) -> None:
    with pytest.raises(NotFound):
        edit_character(store=store, character_id=999, character=WULF)


def test_duplicate_names(store: CampaignStore) -> None:
    original = create_character(store=store, character=WULF)
    first = duplicate_character(store=store, character_id=original.id)
    second = duplicate_character(store=store, character_id=original.id)
    assert first.changes == Changes(party=True, characters=frozenset({first.id}))
    assert len({original.id, first.id, second.id}) == 3
    assert len({original.uid, first.uid, second.uid}) == 3
    copy1 = get_character(store=store, character_id=first.id)
    copy2 = get_character(store=store, character_id=second.id)
    assert copy1 == replace(WULF, name="Wulf (copy)")
    assert copy2 == replace(WULF, name="Wulf (copy 2)")
    third = duplicate_character(store=store, character_id=first.id)
    assert get_character(store=store, character_id=third.id).name == "Wulf (copy) (copy)"


def test_a_name_another_character_has_is_refused_by_every_rename(store: CampaignStore) -> None:
    """Issue 26: the editor's rename (edit_character) refuses what ``rename`` refuses.

    Names are how the command line finds characters; twins already in a
    campaign (a JSON imported twice) stay editable, only a new name is checked.
    """
    wulf = create_character(store=store, character=WULF)
    other = create_character(store=store, character=replace(WULF, name="Ragnar"))
    twin = create_character(store=store, character=WULF)
    before = history(store=store)
    for name in ("Wulf", "  wulf ", "WULF"):
        for rename in (lambda n: edit_character(store=store, character_id=other.id,
                                                character=replace(WULF, name=n)),
                       lambda n: rename_character(store=store, character_id=other.id, name=n)):
            with pytest.raises(InputError, match="Another character is already called") as exc:
                rename(name)
            assert exc.value.field == "name"
    assert history(store=store) == before
    assert get_character(store=store, character_id=other.id).name == "Ragnar"
    edit_character(store=store, character_id=twin.id, character=replace(WULF, st=15))
    assert get_character(store=store, character_id=twin.id).st == 15
    rename_character(store=store, character_id=wulf.id, name=" Wulf   the  Elder ")
    assert get_character(store=store, character_id=wulf.id).name == "Wulf the Elder"


def test_duplicate_of_a_long_name_is_still_marked_as_a_copy(store: CampaignStore) -> None:
    long = create_character(store=store, character=replace(WULF, name="W" * 80))
    first = duplicate_character(store=store, character_id=long.id)
    second = duplicate_character(store=store, character_id=long.id)
    name1 = get_character(store=store, character_id=first.id).name
    name2 = get_character(store=store, character_id=second.id).name
    assert name1 == "W" * 73 + " (copy)"
    assert name2 == "W" * 71 + " (copy 2)"
    assert len(name1) == len(name2) == 80


def test_delete_and_restore(store: CampaignStore) -> None:
    keep = create_character(store=store, character=replace(WULF, name="Flavius"))
    gone = create_character(store=store, character=WULF)
    changes = delete_character(store=store, character_id=gone.id)
    assert changes == Changes(party=True, removed=frozenset({gone.id}))
    assert [row[0] for row in party(store)] == [keep.id]
    with pytest.raises(NotFound):
        get_character(store=store, character_id=gone.id)

    replayed = undo(store=store)
    assert replayed.operation.label == "Deleted Wulf"
    assert replayed.changes.party and gone.id in replayed.changes.characters
    assert party(store) == [
        (keep.id, keep.uid, replace(WULF, name="Flavius")),
        (gone.id, gone.uid, WULF),
    ]
    restored = get_character(store=store, character_id=gone.id)
    assert [w.key for w in restored.loadout.weapons] == ["longbow", "two_handed_sword"]


def test_restore_survives_reopening(campaign_path: Path) -> None:
    store = new_campaign(path=campaign_path, name="Undo")
    created = create_character(store=store, character=WULF)
    delete_character(store=store, character_id=created.id)
    store.close()
    with open_existing(path=campaign_path) as again:
        undo(store=again)
    with open_existing(path=campaign_path) as again:
        assert party(again) == [(created.id, created.uid, WULF)]


@pytest.mark.parametrize(
    "bad", [replace(WULF, name=""), replace(WULF, name="   "), replace(WULF, st=0)]
)
def test_input_error_changes_nothing(store: CampaignStore, bad: Character) -> None:
    created = create_character(store=store, character=WULF)
    before = party(store)
    with pytest.raises(InputError):
        create_character(store=store, character=bad)
    with pytest.raises(InputError):
        edit_character(store=store, character_id=created.id, character=bad)
    assert party(store) == before


def test_rules_problems_are_stored_and_reported(store: CampaignStore) -> None:
    # Briefly illegal while being built: stored, with the problem shown.
    weak = replace(WULF, st=7, dx=17)
    created = create_character(store=store, character=weak)
    sheet = character_sheet(store=store, character_id=created.id)
    assert sheet.character == weak
    assert not sheet.legal
    fields = {p.field for p in sheet.errors}
    assert {"st", "weapons"} <= fields


def test_campaign_name_and_profile(store: CampaignStore) -> None:
    assert campaign_name(store=store) == "Test"
    assert get_profile(store=store) == RuleProfile()


def test_set_profile_rechecks_without_changing_characters(demo_store: CampaignStore) -> None:
    # A goblin built under In the Labyrinth (TFT-FACTS 5b: min ST 6, DX 8, IQ
    # 10, 32 points) has ST + DX 22: four over Melee's goblin total of 18.
    goblin = Character(name="Snaga", race="goblin", st=10, dx=12, iq=10)
    create_character(store=demo_store, character=goblin)
    before = party(demo_store)
    sheets = {s.character.name: s for s in party_sheets(store=demo_store)}
    assert all(s.legal for s in sheets.values())

    changes = set_profile(store=demo_store, profile=RuleProfile(creation=CreationScheme.MELEE))
    assert changes == Changes(settings=True, party=True)
    assert get_profile(store=demo_store).creation is CreationScheme.MELEE
    assert party(demo_store) == before

    sheets = {s.character.name: s for s in party_sheets(store=demo_store)}
    snaga = sheets["Snaga"]
    assert [(p.field, p.severity) for p in snaga.problems] == [("attributes", Severity.ERROR)]
    assert "4 points too many" in snaga.problems[0].message
    # Melee's own figures (24 points of ST and DX) stay legal.
    for name in ("Ragnar", "Flavius Marcellus", "Wulf"):
        assert sheets[name].problems == (), name
    # Joe (ST 11, DX 12, SP 1 of which 1 bought) counts 24 of Melee's 24 + 1.
    assert [(p.field, p.severity) for p in sheets["Joe the Barbarian"].problems] == [
        ("attributes", Severity.WARNING)
    ]

    set_profile(store=demo_store, profile=RuleProfile())
    assert all(s.legal for s in party_sheets(store=demo_store))
    assert party(demo_store) == before
