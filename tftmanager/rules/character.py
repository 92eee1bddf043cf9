"""A character as the rules see it: attributes, race and what it carries."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from tftmanager.refusal import Refusal
from tftmanager.rules.abilities import CharacterKind, KnownTalent
from tftmanager.rules.items import Item, ItemKind, Mount
from tftmanager.rules.loadout import Loadout, loadout_of
from tftmanager.rules.records import Record
from tftmanager.rules.text import first_control

# Sanity bounds for typed input, not rules: a value outside them is refused
# before it reaches the rules (a giant may have ST 50; nobody has ST 5000).
ATTRIBUTE_BOUNDS: dict[str, tuple[int, int]] = {
    "st": (1, 300),
    "dx": (1, 100),
    "iq": (1, 100),
    "sp": (0, 25),
    "bought_points": (0, 500),
    "memory_bought": (0, 500),
}
BODY_KG_MAX = 2000.0
MAX_ITEMS = 500
NAME_MAX = 80
KEY_MAX = 80
NOTES_MAX = 20000
MAX_LANGUAGES = 50
AGE_MAX = 10000  # sanity: elves and dragons grow old, not this old
FINE_BONUS_MAX = 10  # sanity, not rules: the rules judge which bonuses can be made


class Status(enum.StrEnum):
    """Whether a character can act between adventures (stored as its text)."""

    ACTIVE = "active"
    DYING = "dying"
    ARRESTED = "arrested"
    DEAD = "dead"


@dataclass(frozen=True, eq=False, repr=False)
class Character(Record):
    """Everything the rules need to judge and derive a figure.

    ``bought_points`` counts the attribute points (SP included) bought with
    experience since creation, so validation can tell a starting figure's
    points from an experienced one's.  ``memory_bought`` counts memory points
    bought with experience under the Legacy rule (a campaign setting).
    Equipment is ``items`` alone: what is worn, ready or carried is each
    possession's state (see ``rules.loadout``).
    """

    name: str
    race: str
    st: int
    dx: int
    iq: int = 8
    sp: int = 0
    player: str = ""
    notes: str = ""
    bought_points: int = 0
    kind: CharacterKind = CharacterKind.HERO
    talents: tuple[KnownTalent, ...] = field(default_factory=tuple)
    spells: tuple[str, ...] = field(default_factory=tuple)
    memory_bought: int = 0
    items: tuple[Item, ...] = field(default_factory=tuple)
    body_kg: float = 0.0
    mount: Mount | None = None
    wounds: int = 0
    recovery_weeks: int = 0
    fatigue: int = 0  # ST spent on spells, kept apart from wounds; gone by the next week
    status: Status = Status.ACTIVE
    languages: tuple[str, ...] = field(default_factory=tuple)  # spoken, whatever the library holds
    age: int = 0  # in years; 0 when not known

    @property
    def current_st(self) -> int:
        """ST after the hits not yet healed and the fatigue not yet rested off."""
        return self.st - self.wounds - self.fatigue

    @property
    def loadout(self) -> Loadout:
        """The worn armor, the shield and the weapons on the figure (from the possessions)."""
        return loadout_of(self.items)

    def owns(self, kind: ItemKind, key: str) -> bool:
        """Whether any possession is this library entry."""
        return any(i.kind is kind and i.key == key for i in self.items)

    def uses(self, kind: str, key: str) -> bool:
        """Whether the character uses a library entry (so it can be retired, not deleted)."""
        return {
            "race": self.race == key,
            "weapon": self.owns(ItemKind.WEAPON, key),
            "armor": self.owns(ItemKind.ARMOR, key),
            "shield": self.owns(ItemKind.SHIELD, key),
            "gear": self.owns(ItemKind.GEAR, key),
            "talent": self.knows(key),
            "spell": key in self.spells,
        }.get(kind, False)

    def knows(self, talent_key: str) -> bool:
        """Whether the character knows a talent."""
        return any(t.key == talent_key for t in self.talents)


class InputError(Refusal, ValueError):
    """A value the user typed that can never be stored (not a rules problem)."""

    def __init__(self, field_name: str, message: str) -> None:
        super().__init__(message)
        self.field = field_name
        self.message = message


def check_input(character: Character) -> None:
    """Refuse values no character may have; rules problems are left to validation.

    Raises InputError naming the field, so the editor can say why the entry was
    not written.
    """
    name = character.name.strip()
    if not name:
        raise InputError("name", "A character needs a name.")
    if len(name) > NAME_MAX:
        raise InputError("name", f"A name can be at most {NAME_MAX} characters.")
    _check_text(character)
    for attr, (low, high) in ATTRIBUTE_BOUNDS.items():
        value = getattr(character, attr)
        if isinstance(value, bool) or not isinstance(value, int):
            raise InputError(attr, f"{attr.upper()} must be a whole number.")
        if not low <= value <= high:
            label = "Points bought" if attr == "bought_points" else attr.upper()
            raise InputError(attr, f"{label} must be between {low} and {high}, not {value}.")
    keys = [t.key for t in character.talents]
    if len(set(keys)) != len(keys):
        raise InputError("talents", "A talent is listed twice.")
    if len(set(character.spells)) != len(character.spells):
        raise InputError("spells", "A spell is listed twice.")
    if any(not 0 <= t.extra_points <= 20 for t in character.talents):
        raise InputError("talents", "Extra points on a talent must be between 0 and 20.")
    if len(character.items) > MAX_ITEMS:
        raise InputError("items", f"A character can own at most {MAX_ITEMS} items.")
    for item in character.items:
        if not 1 <= item.quantity <= 10000:
            raise InputError("items", "An item's quantity must be between 1 and 10,000.")
        if not 0 <= item.hits_taken <= 100000:
            raise InputError("items", "Hits taken must be between 0 and 100,000.")
        q = item.quality
        if not (0 <= q.fine_dx <= FINE_BONUS_MAX and 0 <= q.fine_damage <= FINE_BONUS_MAX):
            raise InputError("items", f"A fine item's DX and damage bonuses must be between 0 "
                             f"and {FINE_BONUS_MAX}.")
    if not 0 <= character.body_kg <= BODY_KG_MAX:
        raise InputError("body_kg", f"Body weight must be between 0 and {BODY_KG_MAX:.0f} kg.")
    if not 0 <= character.wounds <= 1000 or not 0 <= character.recovery_weeks <= 52:
        raise InputError("wounds", "Wounds must be 0-1000 and recovery 0-52 weeks.")
    if not 0 <= character.fatigue <= 1000:
        raise InputError("fatigue", "Fatigue must be 0-1000.")
    if not 0 <= character.age <= AGE_MAX:
        raise InputError("age", f"Age must be between 0 and {AGE_MAX:,} years.")
    if len(character.languages) > MAX_LANGUAGES or any(
            not lang.strip() or "\n" in lang for lang in character.languages):
        raise InputError("languages", f"At most {MAX_LANGUAGES} languages, each a name "
                         "on one line.")
    mount = character.mount
    if mount is not None:
        if not mount.name.strip():
            raise InputError("mount", "A mount needs a name.")
        if not (1 <= mount.st <= 300 and 1 <= mount.dx <= 100 and 1 <= mount.ma <= 100):
            raise InputError("mount", "A mount needs ST 1-300, DX 1-100 and MA 1-100.")
        if not 0 <= mount.extra_kg <= 10000:
            raise InputError("mount", "A mount's extra load must be between 0 and 10,000 kg.")


def _check_text(character: Character) -> None:
    """Names, keys and notes hold no control characters; keys and notes are bounded."""
    fields: list[tuple[str, str, str, bool]] = [
        ("name", "the name", character.name, False),
        ("player", "the player's name", character.player, False),
        ("notes", "the notes", character.notes, True),
    ]
    keys = [character.race, *character.spells, *(t.key for t in character.talents),
            *(i.key for i in character.items)]
    fields += [("keys", "a race, item, talent or spell key", k, False) for k in keys]
    fields += [("items", "an item's note", i.note, True) for i in character.items]
    fields += [("languages", "a language", lang, False) for lang in character.languages]
    if character.mount is not None:
        fields.append(("mount", "the mount's name", character.mount.name, False))
    for field_name, where, text, multiline in fields:
        bad = first_control(text, multiline=multiline)
        if bad is not None:
            # ("in the notes": the sentence reads the same whatever the field's number)
            raise InputError(field_name, f"There is a control character ({bad}) in "
                             f"{where}; type plain text.")
    if len(character.player) > NAME_MAX or any(len(k) > KEY_MAX
                                               for k in (*keys, *character.languages)):
        raise InputError("keys", f"Names and keys can be at most {KEY_MAX} characters.")
    if len(character.notes) > NOTES_MAX or any(len(i.note) > NOTES_MAX
                                               for i in character.items):
        raise InputError("notes", f"Notes can be at most {NOTES_MAX:,} characters.")
