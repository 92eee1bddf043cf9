"""The campaign as the start-up preview read it: what the editor shows, and edits kept in order.

The editor appears on the data the party preview already read (``app.peek``)
and takes input at once, while the writing store (sqlmodel and SQLAlchemy,
most of a second to import) loads after the first paint.  A field edited
before the store is there is checked as far as the rules alone can
(``check_input``), shown at once (the fields, the derived figures, the
party's row), and kept here, in order; when the campaign is really opened,
``CharacterEditor.adopt`` applies each through the same use case as any
edit, so it is journalled once and a refusal is shown as usual.  Nothing
here imports the store.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tftmanager.app.peek import CampaignPreview
from tftmanager.app.sheet import Sheet, evaluate
from tftmanager.app.study_view import StudyView, study_view
from tftmanager.app.xp_status import XPStatus, xp_status
from tftmanager.refusal import Refusal
from tftmanager.rules.character import Character
from tftmanager.rules.experience import Attribute
from tftmanager.rules.library import RulesLibrary
from tftmanager.rules.settings import RuleProfile

if TYPE_CHECKING:
    from tftmanager.ui.session import CampaignSession

NO_XP_TABLE = "This campaign's library has no experience table."
NOT_OPENED = ("The campaign could not be opened, so nothing was saved (the open said why).")


class NotOpened(Refusal):
    """An action asked for the store of a campaign whose open was refused."""


@dataclass(frozen=True)
class QueuedEdit:
    """One field's new value for one character, made before the store was loaded."""

    character_id: int
    field: str
    value: Any


class PreviewSession:
    """The reads the editor needs, answered from the preview; edits are kept to apply later.

    Anything else asked of it (an action's ``act``, a dialog's read) needs the
    store: ``arrive`` opens the campaign at once (the user waits that once),
    which applies the edits kept so far, and the request goes to the
    campaign's own session.
    """

    pending = True  # not yet the campaign's store: edits wait in ``edits``

    def __init__(self, path: Path, preview: CampaignPreview,
                 arrive: Callable[[], CampaignSession | None]) -> None:
        self._arrive = arrive
        self.path = path.resolve()
        self._preview = preview
        self._members = {m.id: m for m in preview.party.characters if m.id is not None}
        self._characters = {cid: m.character for cid, m in self._members.items()}
        self.edits: list[QueuedEdit] = []

    @property
    def library(self) -> RulesLibrary:
        """The rules library the campaign plays by (built as the open builds it)."""
        return self._preview.party.library

    def profile(self) -> RuleProfile:
        """The campaign's rules profile."""
        return self._preview.party.profile

    def has_characters(self) -> bool:
        """Whether the party has anyone yet."""
        return bool(self._members)

    def character(self, character_id: int) -> Character:
        """One character as read, with the edits kept so far."""
        return self._characters[character_id]

    def sheet(self, character_id: int) -> Sheet:
        """One character evaluated, with the edits kept so far."""
        member = self._members[character_id]
        return evaluate(self._characters[character_id], self.library, self.profile(),
                        id=character_id, uid=member.uid)

    def money(self, character_id: int) -> int:
        """Money on hand."""
        return self._preview.money.get(character_id, 0)

    def studies(self, character_id: int) -> list[StudyView]:
        """A character's studies in progress."""
        return [study_view(s, self.library) for s in self._preview.studies.get(character_id, [])]

    def xp_status(self, character_id: int) -> XPStatus:
        """Balance, next cost and why each raise is refused, as ``app.experience.status``."""
        tables = self.library.xp_costs
        balance = self._preview.xp.get(character_id, 0)
        if tables is None:
            return XPStatus(balance, 0, dict.fromkeys(Attribute, NO_XP_TABLE))
        return xp_status(self._characters[character_id], balance, tables, self.profile())

    def keep(self, character_id: int, field: str, value: Any, edited: Character) -> None:
        """Keep an edit to apply once the store is loaded; typing in one field is one edit."""
        last = self.edits[-1] if self.edits else None
        if last is not None and (last.character_id, last.field) == (character_id, field):
            self.edits.pop()  # the same field typed on: only its last value is applied
        self.edits.append(QueuedEdit(character_id, field, value))
        self._characters[character_id] = edited

    def arrive(self) -> CampaignSession | None:
        """Open the campaign now (applying the edits kept); None if the open was refused."""
        return self._arrive()

    def __getattr__(self, name: str) -> Any:
        """What the preview cannot answer is the campaign's: opened now, then asked."""
        if name.startswith("_"):
            raise AttributeError(name)
        session = self._arrive()
        if session is None:
            raise NotOpened(NOT_OPENED)
        return getattr(session, name)
