"""Which fields of each library entry kind the editor shows, and how to edit them."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class FieldSpec:
    """One editable field of a library entry.

    ``kind`` is int, float, text, damage (dice, kept as "2d-1" however
    typed: Melee's "2-1" too), bool, keys (a list of keys), effects (a
    list of effect lines, ``rules.effects``), choice, opt_int (a whole number
    that may be left empty) or reference (``rules.references``: empty means
    the one the source gives).
    """

    name: str
    label: str
    kind: str = "text"
    choices: tuple[str, ...] = ()
    low: int = -99
    high: int = 999


_EFFECTS = (
    FieldSpec("effects", "Effects on the card", "effects"),
    FieldSpec("effects_source", "Effects: source"),
    FieldSpec("effects_assumed", "Effects: assumed (why)"),
)

_SOURCE = (
    FieldSpec("reference", "Reference (book p. page, section)", "reference"),
    FieldSpec("source", "Source (for maintainers)"),
    FieldSpec("assumed", "Assumed (why)"),
    FieldSpec("uncertain", "Uncertain (why)"),
)

FIELDS: dict[str, tuple[FieldSpec, ...]] = {
    "talent": (
        FieldSpec("name", "Name"),
        FieldSpec("iq", "IQ level", "int", low=1, high=40),
        FieldSpec("cost", "Memory cost (hero)", "int", low=0, high=20),
        FieldSpec("wizard_cost", "Wizard cost (if not double)", "opt_int", low=0, high=40),
        FieldSpec("requires", "Prerequisite talents", "keys"),
        FieldSpec("min_st", "Minimum ST", "int", low=0, high=100),
        FieldSpec("min_dx", "Minimum DX", "int", low=0, high=100),
        FieldSpec("min_adj_dx", "Minimum adjusted DX", "int", low=0, high=100),
        FieldSpec("category", "Learning category", "int", low=1, high=5),
        FieldSpec("category_assumed", "Category assumed", "bool"),
        FieldSpec("summary", "Summary (on player cards)"),
        FieldSpec("gm_note", "GM note (never printed for players)"),
        *_EFFECTS,
        *_SOURCE,
    ),
    "spell": (
        FieldSpec("name", "Name"),
        FieldSpec("iq", "IQ level", "int", low=1, high=40),
        FieldSpec("type", "Type", "choice", ("missile", "thrown", "creation", "special")),
        FieldSpec("st_cost", "ST to cast"),
        FieldSpec("maintain", "ST to maintain"),
        FieldSpec("requires", "Prerequisite spells", "keys"),
        FieldSpec("category", "Learning category", "int", low=1, high=5),
        FieldSpec("category_assumed", "Category assumed", "bool"),
        FieldSpec("summary", "Summary (on player cards)"),
        FieldSpec("gm_note", "GM note (never printed for players)"),
        *_SOURCE,
    ),
    "weapon": (
        FieldSpec("name", "Name"),
        FieldSpec("damage", "Damage (e.g. 2d-1)", "damage"),
        FieldSpec("st", "ST needed", "int", low=0, high=100),
        FieldSpec("two_handed", "Two-handed", "bool"),
        FieldSpec("throwable", "Can be thrown", "bool"),
        FieldSpec("pole", "Pole weapon", "bool"),
        FieldSpec("missile", "Missile weapon", "bool"),
        FieldSpec("tags", "Tags", "keys"),
        FieldSpec("carry_free", "Carry limit", "choice", ("no", "dagger", "always")),
        FieldSpec("rate", "Rate of fire"),
        FieldSpec("fast_dx", "Faster at adjDX", "opt_int", low=1, high=40),
        FieldSpec("fast_rate", "Faster rate"),
        FieldSpec("note", "Note"),
        *_SOURCE,
    ),
    "armor": (
        FieldSpec("name", "Name"),
        FieldSpec("stops", "Hits stopped", "int", low=0, high=20),
        FieldSpec("dx", "DX adjustment", "int", low=-20, high=5),
        FieldSpec("ma", "Wearer's MA", "int", low=1, high=30),
        FieldSpec("ma_alternative", "Other reading of MA", "opt_int", low=1, high=30),
        FieldSpec("metal", "Metal", "bool"),
        *_SOURCE,
    ),
    "shield": (
        FieldSpec("name", "Name"),
        FieldSpec("stops", "Hits stopped", "int", low=0, high=20),
        FieldSpec("dx", "DX adjustment", "int", low=-20, high=5),
        FieldSpec("metal", "Metal", "bool"),
        *_SOURCE,
    ),
    "magic_item": (
        FieldSpec("name", "Name"),
        FieldSpec("cost", "Cost ($)", "opt_int", low=0, high=10_000_000),
        FieldSpec("cost_per_point", "Cost per point ($, rods)", "opt_int", low=0,
                  high=1_000_000),
        FieldSpec("weeks", "Weeks to make", "opt_int", low=0, high=520),
        FieldSpec("weight_kg", "Weight (kg)", "float", low=0, high=1000),
        FieldSpec("note", "Note"),
        *_EFFECTS,
        *_SOURCE,
    ),
    "creature": (
        FieldSpec("name", "Name"),
        FieldSpec("kind", "Kind", "choice", ("creature", "npc")),
        FieldSpec("race", "Race (key, for Height)"),
        FieldSpec("st", "ST", "int", low=1, high=200),
        FieldSpec("dx", "DX", "int", low=1, high=40),
        FieldSpec("iq", "IQ", "int", low=0, high=40),
        FieldSpec("ma", "MA", "int", low=0, high=40),
        FieldSpec("armor", "Armor (key)"),
        FieldSpec("shield", "Shield (key)"),
        FieldSpec("weapons", "Weapons", "keys"),
        FieldSpec("attack", "Natural attack"),
        FieldSpec("damage", "Its damage (e.g. 1d+1)", "damage"),
        FieldSpec("stops", "Hits stopped (hide, fur)", "int", low=0, high=20),
        FieldSpec("dx_against", "DX of attacks on it", "int", low=-10, high=10),
        FieldSpec("count", "How many come together", "int", low=1, high=1000),
        FieldSpec("other_ma", "Another MA (flying, swimming)", "int", low=0, high=40),
        FieldSpec("other_move", "How it moves at that MA (flies, swims)"),
        FieldSpec("note", "Note"),
        *_SOURCE,
    ),
}

# Columns of each tab's table: (field, header).
COLUMNS: dict[str, tuple[tuple[str, str], ...]] = {
    "talent": (("name", "Name"), ("iq", "IQ"), ("cost", "Cost"), ("category", "Cat."),
               ("requires", "Prerequisites"), ("reference", "Reference")),
    "spell": (("name", "Name"), ("iq", "IQ"), ("type", "Type"), ("st_cost", "ST"),
              ("requires", "Prerequisites"), ("reference", "Reference")),
    "weapon": (("name", "Name"), ("damage", "Damage"), ("st", "ST"), ("tags", "Tags"),
               ("reference", "Reference")),
    "armor": (("name", "Name"), ("stops", "Stops"), ("dx", "DX"), ("ma", "MA"),
              ("reference", "Reference")),
    "shield": (("name", "Name"), ("stops", "Stops"), ("dx", "DX"), ("reference", "Reference")),
    "magic_item": (("name", "Name"), ("cost", "Cost"), ("cost_per_point", "Per point"),
                   ("effects", "Effects"), ("reference", "Reference")),
    "creature": (("name", "Name"), ("st", "ST"), ("dx", "DX"), ("ma", "MA"),
                 ("damage", "Damage"), ("stops", "Stops"), ("reference", "Reference")),
}

TAB_TITLES = {"talent": "Talents", "spell": "Spells", "weapon": "Weapons", "armor": "Armor",
              "shield": "Shields", "magic_item": "Magic items", "creature": "Bestiary"}
