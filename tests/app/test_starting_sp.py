"""Campaign Rules' "Skill Points at creation" re-checks the party and changes no one."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tftmanager.app.campaigns import character_sheet, get_profile, set_profile
from tftmanager.app.characters import create_character, get_character
from tftmanager.app.journal import undo
from tftmanager.rules.character import Character
from tftmanager.store.campaign import CampaignStore

pytestmark = pytest.mark.app

SAGE = Character(name="Sage", race="human", st=8, dx=8, iq=13, sp=3)


def sp_errors(store: CampaignStore, cid: int) -> list[str]:
    sheet = character_sheet(store=store, character_id=cid)
    return [p.message for p in sheet.errors if p.field == "sp"]


def test_the_option_relaxes_the_rule_and_undoes(store: CampaignStore) -> None:
    cid = create_character(store=store, character=SAGE).id
    assert sp_errors(store, cid)
    set_profile(store=store, profile=replace(get_profile(store=store), starting_sp=True))
    assert sp_errors(store, cid) == []
    assert get_character(store=store, character_id=cid) == SAGE
    undo(store=store)
    assert sp_errors(store, cid)
