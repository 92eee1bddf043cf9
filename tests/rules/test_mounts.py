"""Carrying capacity of mounts (the expansion, 001, Carrying Capacity).

  Weight carried (kg)     MA penalty   DX penalty
  Up to ST x 1.5              -2           0
  ST x 1.5 up to ST x 3       -4           0
  ST x 3 up to ST x 4.5       -6           0
  ST x 4.5 up to ST x 6       -8          -1
  ST x 6 up to ST x 7.5      -10          -1

"A mount may carry STx7.5 or more, but only at a walk (MA 4).  If the mount is
made to run with such a load, it will tire extremely quickly, taking 1 point of
fatigue damage a turn for each ST/2 (rounded up) kg. over the limit.  A mount
may move ... with up to 1/2 the penalty less, but will tire when doing so,
taking 1 point of fatigue damage a turn.  This is cumulative ..."

Our reading: each band includes its upper bound (exactly 1.5 x ST is -2); at
exactly 7.5 x ST the mount is walk-only ("7.5 or more") but is 0 kg over the
limit, so running costs no overload fatigue.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tftmanager.rules.character import Character
from tftmanager.rules.derived import carried_weight, derive
from tftmanager.rules.equipment_rules import EquipmentRules
from tftmanager.rules.items import Item, ItemKind, ItemState, Mount
from tftmanager.rules.library import RulesLibrary
from tftmanager.rules.loadout import outfit
from tftmanager.rules.settings import CreationScheme, RuleProfile
from tftmanager.shipped import shipped_library

pytestmark = pytest.mark.rules

MELEE = RuleProfile(creation=CreationScheme.MELEE)
SHIPPED = shipped_library()  # for hypothesis tests (fixtures are per test, not per example)
HORSE = Mount("Riding horse", st=23, dx=12, ma=24)


@pytest.fixture
def rules(library: RulesLibrary) -> EquipmentRules:
    assert library.equipment_rules is not None
    return library.equipment_rules


# --- Sir Robin ------------------------------------------------------------


def test_sir_robin_rides_down_the_orcs(rules: EquipmentRules) -> None:
    # 80 kg Robin + 20 kg chainmail and shield + 15 kg weapons + 5 kg other = 120 kg.
    move = rules.mount_movement(HORSE, 120)
    assert round(move.times, 1) == 5.2
    # "its MA is only 16 (from 24) and its adjDX is 11."
    assert (move.ma, move.adj_dx, move.fatigue) == (16, 11, 0)
    # "its maximum which would be 20 (with 1/2 the MA penalty).  This will cost
    # the horse 1 fatigue per turn."
    assert (move.half_ma, move.half_fatigue) == (20, 1)
    assert move.half_adj_dx == 11
    assert not move.walk_only


def test_sir_robin_with_the_damsel(rules: EquipmentRules) -> None:
    # She weighs 60 kg: 180 kg, 7.8 x ST.
    move = rules.mount_movement(HORSE, 180)
    assert round(move.times, 1) == 7.8
    # "the horse's MA will be 14 and it will take 1 point of fatigue for every
    # turn he moves faster than 4."  180 - 172.5 = 7.5 kg over; ST/2 rounded up is 12.
    assert move.walk_only
    assert move.walk_ma == 4
    assert (move.ma, move.fatigue) == (14, 1)
    assert move.adj_dx == 11
    # "the horse will move at up to 19 MA (with 1/2 the penalty) and will take
    # another point of fatigue (for a total of 2) each turn."
    assert (move.half_ma, move.half_fatigue) == (19, 2)


# --- Every band boundary --------------------------------------------------

ST20 = Mount("Pony", st=20, dx=10, ma=20)


@pytest.mark.parametrize(
    ("load", "ma", "dx", "walk_only"),
    [
        (0.01, 18, 10, False),
        (30, 18, 10, False),  # exactly 1.5 x ST: -2
        (30.01, 16, 10, False),  # just above: -4
        (60, 16, 10, False),  # exactly 3 x ST
        (60.01, 14, 10, False),  # -6
        (90, 14, 10, False),  # exactly 4.5 x ST
        (90.01, 12, 9, False),  # -8 MA, -1 DX
        (120, 12, 9, False),  # exactly 6 x ST
        (120.01, 10, 9, False),  # -10 MA, -1 DX
        (149.99, 10, 9, False),
        (150, 10, 9, True),  # 7.5 x ST "or more": only at a walk
        (150.01, 10, 9, True),
        (400, 10, 9, True),
    ],
)
def test_band_boundaries(rules: EquipmentRules, load: float, ma: int, dx: int,
                         walk_only: bool) -> None:
    move = rules.mount_movement(ST20, load)
    assert (move.ma, move.adj_dx, move.walk_only) == (ma, dx, walk_only)
    assert move.half_ma == 20 - (20 - ma) // 2
    assert move.half_adj_dx == dx


@pytest.mark.parametrize(
    ("load", "fatigue"),
    [
        (150, 0),  # at the limit: nothing over
        (150.01, 1),  # ST/2 = 10 kg a point, rounded up
        (160, 1),
        (160.01, 2),
        (170, 2),
        (250, 10),
    ],
)
def test_overload_fatigue(rules: EquipmentRules, load: float, fatigue: int) -> None:
    move = rules.mount_movement(ST20, load)
    assert move.fatigue == fatigue
    # Half the penalty costs one more point a turn, cumulative.
    assert move.half_fatigue == fatigue + 1


def test_odd_st_rounds_half_st_up(rules: EquipmentRules) -> None:
    # ST 23: 172.5 kg is the limit, and each 12 kg over (23 / 2 rounded up) is a point.
    assert rules.mount_movement(HORSE, 172.5 + 12).fatigue == 1
    assert rules.mount_movement(HORSE, 172.5 + 12.01).fatigue == 2
    assert rules.mount_movement(HORSE, 172.5 + 24).fatigue == 2


def test_fatigue_only_when_overloaded(rules: EquipmentRules) -> None:
    for load in (1, 30, 60, 90, 120, 149):
        move = rules.mount_movement(ST20, load)
        assert move.fatigue == 0
        assert move.half_fatigue == 1


def test_unloaded_mount_moves_at_full_ma(rules: EquipmentRules) -> None:
    move = rules.mount_movement(HORSE, 0)
    assert (move.ma, move.adj_dx, move.fatigue, move.walk_only) == (24, 12, 0, False)
    assert (move.half_ma, move.half_fatigue) == (24, 0)


def test_a_slow_mount_never_goes_below_zero(rules: EquipmentRules) -> None:
    mule = Mount("Mule", st=10, dx=8, ma=6)
    move = rules.mount_movement(mule, 70)
    assert move.ma == 0
    assert move.half_ma == 1


# --- Through derive() -----------------------------------------------------

ROBIN = Character(name="Robin", race="human", st=12, dx=12, iq=8, body_kg=80.0,
                  items=outfit(armor="chainmail", shield="small_shield",
                               weapons=("broadsword",)))


def test_derived_mount_counts_body_gear_and_extra(library: RulesLibrary,
                                                  rules: EquipmentRules) -> None:
    figure = replace(ROBIN, mount=replace(HORSE, extra_kg=5.0), items=(
        *ROBIN.items,
        Item(ItemKind.GEAR, "skis", ItemState.CARRIED),
        Item(ItemKind.GEAR, "heavy_wool_blanket", ItemState.STORED),
    ))
    carried = carried_weight(figure, library)
    # chainmail 13.61 + small shield 4.54 + broadsword 2.27 + skis 3.0 (blanket stored)
    assert carried == pytest.approx(23.42)
    d = derive(figure, library, MELEE)
    assert d.carried_kg == carried
    assert d.mount == rules.mount_movement(figure.mount, 80.0 + carried + 5.0)  # type: ignore[arg-type]
    # 108.42 kg on ST 23 is 4.7 x ST: -8 MA, -1 DX.
    assert d.mount is not None
    assert (d.mount.ma, d.mount.adj_dx, d.mount.half_ma) == (16, 11, 20)


def test_body_and_extra_load_each_count(library: RulesLibrary) -> None:
    # 80 kg + 23.42 kg of gear = 103.42 kg, just under 4.5 x 23 = 103.5: -6 MA.
    figure = replace(ROBIN, mount=HORSE, items=(*ROBIN.items, Item(ItemKind.GEAR, "skis")))
    assert carried_weight(figure, library) == pytest.approx(23.42)
    assert derive(figure, library, MELEE).mount.ma == 18  # type: ignore[union-attr]
    # A 0.1 kg saddlebag on the horse tips it over 4.5 x ST: -8 MA, -1 DX.
    bag = replace(figure, mount=replace(HORSE, extra_kg=0.1))
    assert derive(bag, library, MELEE).mount.ma == 16  # type: ignore[union-attr]
    # Without a rider's body weight the gear alone is 1.02 x ST: -2 MA.
    light = replace(figure, body_kg=0.0)
    assert derive(light, library, MELEE).mount.ma == 22  # type: ignore[union-attr]
    # Storing the skis elsewhere takes 3 kg off: back under 4.5 x ST.
    stored = replace(bag, items=(*ROBIN.items, Item(ItemKind.GEAR, "skis", ItemState.STORED)))
    assert derive(stored, library, MELEE).mount.ma == 18  # type: ignore[union-attr]


def test_no_mount_no_mount_line(library: RulesLibrary) -> None:
    assert derive(ROBIN, library, MELEE).mount is None


def test_no_equipment_rules_no_mount_line(library: RulesLibrary) -> None:
    figure = replace(ROBIN, mount=HORSE)
    assert derive(figure, replace(library, equipment_rules=None), MELEE).mount is None


def test_carrying_bands_from_the_data(rules: EquipmentRules) -> None:
    assert [(b.max_times, b.ma, b.dx) for b in rules.bands] == [
        (1.5, -2, 0), (3.0, -4, 0), (4.5, -6, 0), (6.0, -8, -1), (7.5, -10, -1)]
    assert rules.walk_only_ma == 4
    assert rules.half_penalty_fatigue == 1


@given(st_=st.integers(1, 60), ma=st.integers(1, 40), load=st.floats(0, 1000),
       more=st.floats(0, 1000))
def test_more_load_never_moves_faster(st_: int, ma: int, load: float, more: float) -> None:
    rules = SHIPPED.equipment_rules
    assert rules is not None
    mount = Mount("Beast", st=st_, dx=10, ma=ma)
    now, later = rules.mount_movement(mount, load), rules.mount_movement(mount, load + more)
    assert 0 <= later.ma <= now.ma <= ma
    assert later.half_ma <= now.half_ma
    assert now.ma <= now.half_ma <= ma
    assert later.fatigue >= now.fatigue
    assert later.adj_dx <= now.adj_dx
    assert later.walk_only or not now.walk_only


def test_the_most_a_mount_carries_is_st_times_the_last_band(rules: EquipmentRules) -> None:
    """"A mount may carry STx7.5 or more, but only at a walk": the board's carry limit."""
    assert rules.most_carried_kg(HORSE) == 23 * 7.5
    assert rules.mount_movement(HORSE, 23 * 7.5).walk_only
    assert not rules.mount_movement(HORSE, 23 * 7.5 - 1).walk_only
