"""The campaign as the start-up preview read it: what the editor shows, and edits kept in order.

The editor appears on the data the party preview already read (``app.peek``)
and takes input at once, while the writing store (sqlmodel and SQLAlchemy,
most of a second to import) loads after the first paint.  It reads through
the same ``query`` as on the campaign's session: the reads of
``app.editor_reads`` are answered here, anything else opens the campaign.
A field edited before the store is there is checked as far as the rules
alone can (``check_input``), shown at once (the fields, the derived figures,
the party's row), and kept here, in order; when the campaign is really
opened, ``ui.preview_editing.adopt`` applies each through the same use case
as any edit, so it is journalled once and a refusal is shown as usual.
Nothing here imports the store.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from tftmanager.app import editor_reads
from tftmanager.app.sheet import evaluate
from tftmanager.app.study_view import study_view
from tftmanager.app.xp_status import XPStatus, xp_status
from tftmanager.refusal import Refusal
from tftmanager.rules.experience import Attribute
from tftmanager.ui.runner import free_query

if TYPE_CHECKING:
    from tftmanager.app.peek import CampaignPreview
    from tftmanager.app.sheet import Sheet
    from tftmanager.app.study_view import StudyView
    from tftmanager.rules.character import Character
    from tftmanager.rules.library import RulesLibrary
    from tftmanager.ui.session import CampaignSession

T = TypeVar("T")

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

    ``query`` answers the editor's reads (``app.editor_reads``) from the
    preview, with the edits kept so far.  Anything else asked of it (another
    read, an action's ``act``) needs the store: ``arrive`` opens the campaign
    at once (the user waits that once), which applies the edits kept so far,
    and the request goes to the campaign's own session.
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
        # The reads answered here, by the app's function the editor hands ``query``.
        self._answers: dict[Callable[..., Any], Callable[..., Any]] = {
            editor_reads.has_characters: lambda: bool(self._members),
            editor_reads.profile: lambda: self._preview.party.profile,
            editor_reads.character: lambda character_id: self._characters[character_id],
            editor_reads.sheet: self._sheet,
            editor_reads.money: lambda character_id: self._preview.money.get(character_id, 0),
            editor_reads.studies: self._studies,
            editor_reads.xp_status: self._xp_status,
        }

    @property
    def library(self) -> RulesLibrary:
        """The rules library the campaign plays by (built as the open builds it)."""
        return self._preview.party.library

    def query(self, read: Callable[..., T], /, **arguments: Any) -> T:
        """A read answered from the preview, else from the campaign (opened now for it)."""
        answer = self._answers.get(read)
        if answer is not None:
            found: T = answer(**arguments)
            return found
        return self._opened().query(read, **arguments)

    def _sheet(self, character_id: int) -> Sheet:
        """One character evaluated, with the edits kept so far."""
        return free_query(evaluate, character=self._characters[character_id],
                          library=self.library, profile=self._preview.party.profile,
                          id=character_id, uid=self._members[character_id].uid)

    def _studies(self, character_id: int) -> list[StudyView]:
        return [free_query(study_view, study=s, library=self.library)
                for s in self._preview.studies.get(character_id, [])]

    def _xp_status(self, character_id: int) -> XPStatus:
        """As ``app.experience.status``, on the balance the preview read."""
        tables = self.library.xp_costs
        balance = self._preview.xp.get(character_id, 0)
        if tables is None:
            return XPStatus(balance, 0, dict.fromkeys(Attribute, NO_XP_TABLE))
        return free_query(xp_status, character=self._characters[character_id],
                          balance=balance, tables=tables, profile=self._preview.party.profile)

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

    def _opened(self) -> CampaignSession:
        session = self._arrive()
        if session is None:
            raise NotOpened(NOT_OPENED)
        return session

    def __getattr__(self, name: str) -> Any:
        """What the preview cannot answer is the campaign's: opened now, then asked."""
        if name.startswith("_"):
            raise AttributeError(name)
        return getattr(self._opened(), name)
