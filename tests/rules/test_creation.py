"""A new figure starts at its race's minimums under the campaign's creation scheme."""

from __future__ import annotations

import pytest

from tftmanager.rules.character import Character
from tftmanager.rules.creation import starting_figure, unused_name
from tftmanager.rules.library import RulesLibrary
from tftmanager.rules.settings import CreationScheme

pytestmark = pytest.mark.rules


@pytest.mark.parametrize("scheme", list(CreationScheme))
@pytest.mark.parametrize("race_key", ["human", "elf", "dwarf", "orc", "halfling"])
def test_every_race_starts_at_its_minimums(library: RulesLibrary, race_key: str,
                                           scheme: CreationScheme) -> None:
    race = library.races[race_key]
    limits = race.limits(scheme)
    figure = starting_figure(race, scheme, taken=())
    assert (figure.race, figure.st, figure.dx) == (race_key, limits.min_st, limits.min_dx)
    if limits.min_iq is None:  # Melee has no IQ: the figure keeps the ordinary default
        assert figure.iq == Character(name="x", race="x", st=1, dx=1).iq
    else:
        assert figure.iq == limits.min_iq


def test_new_names_do_not_collide() -> None:
    assert unused_name([]) == "New character"
    assert unused_name(["New character"]) == "New character 2"
    assert unused_name(["New character", "New character 2", "New character 4"]) == \
        "New character 3"
