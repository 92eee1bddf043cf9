"""Cards for characters of an open campaign: the sheets plus ledgers and studies.

Ledger balances are read once for the whole campaign rather than per
character, so a hundred cards cost a handful of queries.
"""

from __future__ import annotations

from collections.abc import Sequence

from tftmanager.app import abilities, campaigns, equipment, experience
from tftmanager.app.library import library_for
from tftmanager.app.names import NameNotFound, find_by_name
from tftmanager.app.sheet import Sheet
from tftmanager.cards.content import CardContent, CardExtras, build_card
from tftmanager.refusal import Refusal
from tftmanager.rules.experience import next_cost


class UnknownCharacters(Refusal, LookupError):
    """Names asked for that the campaign does not have; the message lists who it has."""

    def __init__(self, unknown: Sequence[str], available: Sequence[str],
                 reasons: Sequence[str] = ()) -> None:
        self.unknown = list(unknown)
        self.available = list(available)
        names = ", ".join(f"'{n}'" for n in unknown)
        which = "No character named" if len(unknown) == 1 else "No characters named"
        have = ", ".join(available) if available else "no characters at all"
        super().__init__(" ".join(reasons) if reasons
                         else f"{which} {names} in this campaign; it has: {have}.")


def select_sheets(sheets: Sequence[Sheet], names: Sequence[str]) -> list[Sheet]:
    """The sheets named (full names or unique prefixes, any case), in the order asked.

    Every unknown name is reported at once, each with whom it could be
    (``app.names.find_by_name``, the rule every command shares).
    """
    if not names:
        return list(sheets)
    chosen: dict[int, Sheet] = {}
    unknown: list[str] = []
    reasons: list[str] = []
    for name in names:
        try:
            sheet = find_by_name(sheets, name, lambda s: s.character.name)
        except NameNotFound as exc:
            unknown.append(name)
            reasons.append(str(exc))
            continue
        chosen.setdefault(id(sheet), sheet)
    if unknown:
        raise UnknownCharacters(unknown, [s.character.name for s in sheets], reasons)
    return list(chosen.values())


def _studies(views: list[abilities.StudyView]) -> tuple[str, ...]:
    return tuple(f"{v.name}: {v.progress}"
                 + (" (with a teacher)" if v.teacher else "") for v in views)


def campaign_cards(*, store: campaigns.Campaign, names: Sequence[str] = (),
                   ids: Sequence[int] | None = None) -> list[CardContent]:
    """Cards for the named characters, the given ids, or (neither) the whole party."""
    sheets = campaigns.party_sheets(store=store)
    if ids is not None:
        wanted = set(ids)
        sheets = [s for s in sheets if s.id in wanted]
    return cards_of(store=store, sheets=select_sheets(sheets, names))


def cards_of(*, store: campaigns.Campaign, sheets: Sequence[Sheet]) -> list[CardContent]:
    """Cards for these sheets (read by the caller), with their ledgers and studies."""
    library = library_for(store)
    profile = campaigns.get_profile(store=store)
    xp = experience.balances(store=store)
    money = equipment.money_balances(store=store)
    studies = abilities.party_studies(store=store)  # one query, not one per card
    cards = []
    for sheet in sheets:
        extras = CardExtras()
        if sheet.id is not None:
            tables = library.xp_costs
            extras = CardExtras(
                xp_balance=xp.get(sheet.id, 0),
                next_cost=next_cost(sheet.character, tables, profile) if tables else None,
                memory_cost=tables.memory_cost if tables and profile.legacy_memory_xp else None,
                money=money.get(sheet.id, 0), studies=_studies(studies.get(sheet.id, [])))
        cards.append(build_card(sheet, library, profile, extras))
    return cards
