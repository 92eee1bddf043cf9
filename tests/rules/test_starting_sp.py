"""Skill Points at creation: "All people start with no SP" (expansion, 001)."""

from __future__ import annotations

from tftmanager.rules.character import Character
from tftmanager.rules.experience import Attribute, raised
from tftmanager.rules.library import RulesLibrary
from tftmanager.rules.settings import OPTION_INFO, RuleProfile
from tftmanager.rules.validation import validate

ITL = RuleProfile()


def sp_problems(character: Character, library: RulesLibrary,
                profile: RuleProfile = ITL) -> list[str]:
    return [p.message for p in validate(character, library, profile) if p.field == "sp"]


def test_new_character_with_sp_is_flagged(library: RulesLibrary) -> None:
    # ST 8 DX 8 IQ 13 SP 3: 32 points, SP within IQ/4, but none bought.
    new = Character(name="Sage", race="human", st=8, dx=8, iq=13, sp=3)
    messages = sp_problems(new, library)
    assert len(messages) == 1
    assert "SP 3, but only 0 points bought with experience" in messages[0]


def test_sp_bought_with_experience_are_not_flagged(library: RulesLibrary) -> None:
    # Joe the Barbarian: 32 points, then one point bought with experience as SP.
    joe = Character(name="Joe", race="human", st=11, dx=12, iq=9, sp=1, bought_points=1)
    assert sp_problems(joe, library) == []
    # Points bought beyond the SP (here one went to ST) leave SP legal.
    assert sp_problems(Character(name="Bo", race="human", st=12, dx=12, iq=9, sp=1,
                                 bought_points=2), library) == []


def test_more_sp_than_points_bought_is_flagged(library: RulesLibrary) -> None:
    two = Character(name="Two", race="human", st=10, dx=12, iq=10, sp=2, bought_points=1)
    assert any("SP 2, but only 1" in m for m in sp_problems(two, library))


def test_campaign_option_allows_sp_at_creation(library: RulesLibrary) -> None:
    new = Character(name="Sage", race="human", st=8, dx=8, iq=13, sp=3)
    relaxed = RuleProfile(starting_sp=True)
    assert sp_problems(new, library, relaxed) == []
    # The IQ/4 cap still holds with the option on.
    over = Character(name="Over", race="human", st=8, dx=8, iq=12, sp=4)
    assert any("above IQ/4" in m for m in sp_problems(over, library, relaxed))


def test_option_round_trips_and_is_described() -> None:
    assert RuleProfile.from_dict({"starting_sp": True}).starting_sp is True
    assert RuleProfile().to_dict()["starting_sp"] is False
    assert "start with no SP" in OPTION_INFO["starting_sp"].explanation


def test_buying_sp_with_experience_is_the_way(library: RulesLibrary) -> None:
    joe = Character(name="Joe", race="human", st=11, dx=12, iq=9)
    assert sp_problems(joe, library) == []
    after = raised(joe, Attribute.SP)
    assert (after.sp, after.bought_points) == (1, 1)
    assert validate(after, library, ITL) == []
    # Typing SP in by hand (no point bought) is what is flagged.
    assert sp_problems(Character(name="Joe", race="human", st=11, dx=12, iq=9, sp=1), library)
