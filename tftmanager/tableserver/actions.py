"""What a player may do from their page, each through the same ``app`` function as the window.

Only these, and only on the player's own character: spend XP on ST, DX, IQ or
SP or (under the legacy rule) memory, ready, sling or drop their weapons and
shield, mark fatigue spent on a spell in the fight in progress, and write
their notes.  Each is one operation in the campaign's history, named for
the player (``player_links.acting_for``), which the GM can undo as any
other.  The fields come from the request as text and are checked here;
what the rules refuse comes back as the app's refusal, word for word.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace

from tftmanager.app import characters, encounters, equipment, experience
from tftmanager.app.campaigns import Campaign
from tftmanager.app.errors import EditConflict
from tftmanager.app.library import library_for
from tftmanager.app.player_links import PlayerLink, acting_for
from tftmanager.refusal import Refusal
from tftmanager.rules.experience import Attribute
from tftmanager.rules.items import ItemKind, ItemState

NOTES_MAX = 8000
HELD = frozenset({ItemKind.WEAPON, ItemKind.SHIELD})  # what a player readies, slings or drops
TRIES = 3  # an action that collided with someone else's edit is tried this often in all


class ActionRefused(Refusal, ValueError):
    """A request the table server will not carry out; the message says why."""


def _field(fields: Mapping[str, object], name: str) -> str:
    value = fields.get(name)
    if not isinstance(value, str) or not value:
        raise ActionRefused(f"The request lacks its {name}; reload the page and try again.")
    return value


def _raise(store: Campaign, link: PlayerLink, fields: Mapping[str, object]) -> str:
    try:
        attribute = Attribute(_field(fields, "attribute"))
    except ValueError:
        raise ActionRefused("Only ST, DX, IQ or SP can be raised.") from None
    written = experience.raise_attribute(store=store, character_id=link.character_id,
                                         attribute=attribute)
    spent = -sum(line.amount for line in written.lines)
    return f"{attribute.label} raised for {spent:,} XP."


def _memory(store: Campaign, link: PlayerLink, _fields: Mapping[str, object]) -> str:
    experience.buy_memory(store=store, character_id=link.character_id)
    return "One more memory point."


def _move(store: Campaign, link: PlayerLink, fields: Mapping[str, object]) -> str:
    uid = _field(fields, "item")
    try:
        state = ItemState(_field(fields, "state"))
    except ValueError:
        raise ActionRefused("An item can be readied, slung or dropped.") from None
    try:  # (the item is looked for in the operation that moves it)
        deal = equipment.move(store=store, character_id=link.character_id, uid=uid,
                              state=state, kinds=HELD)
    except equipment.ItemGone:
        raise ActionRefused("That weapon or shield is no longer yours; "
                            "your card shows what you carry now.") from None
    item = next(item for item in deal.before.items if item.uid == uid)
    words = {ItemState.READIED: "readied", ItemState.CARRIED: "slung",
             ItemState.STORED: "dropped"}
    return f"{equipment.entry_name(library_for(store), item.kind, item.key)} {words[state]}."


def _fatigue(store: Campaign, link: PlayerLink, fields: Mapping[str, object]) -> str:
    spell = _field(fields, "spell")
    character = characters.get_character(store=store, character_id=link.character_id)
    if spell not in character.spells:
        raise ActionRefused(f"{character.name} does not know that spell.")
    try:
        fight = encounters.current_id(store=store)
    except Refusal:
        raise ActionRefused("Fatigue is marked during a fight, and no fight is in "
                            "progress.") from None
    view = encounters.show(store=store, encounter_id=fight)
    figure = next((f for f in view.encounter.figures if f.character_id == link.character_id),
                  None)
    if figure is None:
        raise ActionRefused(f"{character.name} is not in {view.encounter.name}.")
    encounters.spend_st(store=store, encounter_id=fight, figure=figure.fid, spell=spell)
    return "Fatigue marked."


def _notes(store: Campaign, link: PlayerLink, fields: Mapping[str, object]) -> str:
    notes = fields.get("notes")
    if not isinstance(notes, str):
        raise ActionRefused("The request lacks the notes; reload the page and try again.")
    if len(notes) > NOTES_MAX:
        raise ActionRefused(f"Notes are at most {NOTES_MAX:,} characters.")
    was = fields.get("was")  # the notes the page's text began from (optional)
    characters.set_notes(store=store, character_id=link.character_id, notes=notes,
                         was=was if isinstance(was, str) else None)
    return "Notes saved."


def notes_written(fields: Mapping[str, object]) -> str | None:
    """The notes a notes action stored once carried out; None for any other action.

    Such an action changes the character's notes and nothing else: its pages
    are sent the card they had with the new notes, not a card read again.
    """
    notes = fields.get("notes")
    if fields.get("action") != "notes" or not isinstance(notes, str):
        return None
    return characters.stored_notes(notes)


Action = Callable[[Campaign, PlayerLink, Mapping[str, object]], str]
ACTIONS: dict[str, Action] = {"raise": _raise, "memory": _memory, "move": _move,
                              "fatigue": _fatigue, "notes": _notes}


def act(store: Campaign, link: PlayerLink, fields: Mapping[str, object], *,
        nonce: str = "", operations: set[int] | None = None) -> str:
    """Carry out one of the player's actions as the player; what to tell them.

    ``nonce``: the request's, recorded with the action's operation (``RequestDone``
    when it was done before); ``operations`` is given that operation's id before
    it commits (so a watch that hears of it at once already knows it as its own).

    The action reads the character and writes it as one whole (``acting_for``):
    on a server campaign, an edit someone else committed in between refuses
    it with nothing written, and it is tried again on the character as it is
    now (a raise or a move means the same on it); after ``TRIES`` such
    collisions in a row the player is told who changed what, and looks again.
    """
    action = ACTIONS.get(str(fields.get("action", "")))
    if action is None:
        raise ActionRefused("The table server does not do that.")
    for tried in range(1, TRIES + 1):
        # (a server campaign too: the GM's connection records the operation in the
        # player's name)
        try:
            with acting_for(link, store=store, nonce=nonce, announce=operations):
                said = action(store, link, fields)
        except EditConflict as conflict:
            if tried == TRIES:
                raise ActionRefused(f"{conflict.message} Look at it again, then try once "
                                    "more.") from conflict
            link = replace(link, version=None)  # the character as it is now: read again
            continue
        return said
    raise AssertionError("unreachable")  # pragma: no cover - the loop returns or raises
