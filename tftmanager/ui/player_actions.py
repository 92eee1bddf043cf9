"""What a player may do from their window: exactly the actions the table server offers.

The buttons are made from the server's view (its ``raises``, ``memory``,
``holdings`` with their moves, ``spells``), with the server's own words, so
the window offers what the phone page offers and nothing else; whether an
action is allowed is the server's answer when it is pressed.  Pressing one
emits :attr:`PlayerActions.acted` with the request's fields; the window
sends it.  The notes being typed are never overwritten by a live update
(as on the phone): they follow the campaign only while untouched.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLayout,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from tftmanager.tableclient.wire import PlayerView

# One offer: (action, its fields, the button's words).
Offer = tuple[str, tuple[tuple[str, str], ...], str]


def _text(label: QLabel) -> QLabel:
    label.setWordWrap(True)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    return label


def _clear(layout: QLayout) -> None:
    while layout.count():
        item = layout.takeAt(0)
        if item is None:
            break
        widget = item.widget()
        inner = item.layout()
        if widget is not None:
            widget.deleteLater()
        elif inner is not None:
            _clear(inner)


class PlayerActions(QWidget):
    """Experience, possessions, casting and notes: the server's offers as buttons."""

    # The action's name and its fields ("raise", {"attribute": "dx"}).
    acted = Signal(str, dict)

    def __init__(self) -> None:
        super().__init__()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.buttons: dict[Offer, QPushButton] = {}
        self._offers: tuple[Offer, ...] = ()
        self._busy = False
        self._holding_labels: dict[str, QLabel] = {}
        self._focus_back: tuple[Offer | str, QWidget | None] | None = None

        experience = QGroupBox("Experience")
        self.standing = QVBoxLayout()
        self.raises = QHBoxLayout()
        box = QVBoxLayout(experience)
        box.addLayout(self.standing)
        box.addLayout(self.raises)
        possessions = QGroupBox("Possessions")
        self.holdings = QVBoxLayout()
        self.others = _text(QLabel())
        box = QVBoxLayout(possessions)
        box.addLayout(self.holdings)
        box.addWidget(self.others)

        self.casting_group = QGroupBox("Cast a spell")
        self.casting = _text(QLabel())
        self.spell = QComboBox()
        self.spell.setAccessibleName("Spell")
        self.mark = QPushButton("Mark fatigue")
        self.mark.clicked.connect(self._mark_fatigue)
        row = QHBoxLayout()
        row.addWidget(self.spell, 1)
        row.addWidget(self.mark)
        box = QVBoxLayout(self.casting_group)
        box.addWidget(self.casting)
        box.addLayout(row)

        notes = QGroupBox("My notes")
        self.notes = QPlainTextEdit()
        self.notes.setAccessibleName("My notes")
        self.notes.setTabChangesFocus(True)
        self.notes.setMinimumHeight(70)
        self.notes.textChanged.connect(self._typed)
        self.save_notes = QPushButton("Save notes")
        self.save_notes.clicked.connect(self._save_notes)
        box = QVBoxLayout(notes)
        box.addWidget(self.notes)
        box.addWidget(self.save_notes, 0, Qt.AlignmentFlag.AlignRight)
        self.notes_dirty = False
        self._filling = False

        for group in (experience, possessions, self.casting_group, notes):
            layout.addWidget(group)
        layout.addStretch(1)

    # Showing the view

    def show_view(self, view: PlayerView) -> None:
        """The standing lines and the offers as the server sent them; untouched notes follow."""
        _clear(self.standing)
        for line in view.standing:
            self.standing.addWidget(_text(QLabel(line)))
        offers = self._offers_of(view)
        if offers != self._offers:
            self._rebuild(view, offers)
        else:  # the same offers: only the words about them change
            self._label_holdings(view)
        self.others.setText("\n".join(view.possessions))
        self.others.setVisible(bool(view.possessions))
        self.casting.setText(view.casting)
        self.casting_group.setVisible(bool(view.spells))
        spells = [(s.spell, s.label) for s in view.spells]
        if spells != [(self.spell.itemData(i), self.spell.itemText(i))
                      for i in range(self.spell.count())]:
            chosen = self.spell.currentData()
            self.spell.clear()
            for key, label in spells:
                self.spell.addItem(label, key)
            at = self.spell.findData(chosen)
            self.spell.setCurrentIndex(max(at, 0))
        if not self.notes_dirty and not self.notes.hasFocus() \
                and self.notes.toPlainText() != view.notes:
            self._filling = True
            self.notes.setPlainText(view.notes)
            self._filling = False

    @staticmethod
    def _offers_of(view: PlayerView) -> tuple[Offer, ...]:
        offers: list[Offer] = [("raise", (("attribute", r.attribute),), r.label)
                               for r in view.raises]
        if view.memory is not None:
            offers.append(("memory", (), view.memory.label))
        offers.extend(("move", (("item", h.item), ("state", m.state)), m.label)
                      for h in view.holdings for m in h.moves)
        return tuple(offers)

    def _rebuild(self, view: PlayerView, offers: tuple[Offer, ...]) -> None:
        """New buttons for new offers; the focus stays on the same offer where it is still made."""
        focused = next((o for o, b in self.buttons.items() if b.hasFocus()), None)
        _clear(self.raises)
        _clear(self.holdings)
        self.buttons = {}
        self._offers = offers
        for offer in offers:
            if offer[0] in ("raise", "memory"):
                self.raises.addWidget(self._button(offer))
        self.raises.addStretch(1)
        self._holding_labels = {}
        for holding in view.holdings:
            row = QHBoxLayout()
            label = _text(QLabel())
            self._holding_labels[holding.item] = label
            row.addWidget(label, 1)
            for offer in offers:
                if offer[0] == "move" and dict(offer[1])["item"] == holding.item:
                    row.addWidget(self._button(offer, f"{offer[2]}: {holding.name}"))
            self.holdings.addLayout(row)
        self._label_holdings(view)
        if focused in self.buttons:
            self.buttons[focused].setFocus()

    def _label_holdings(self, view: PlayerView) -> None:
        for holding in view.holdings:
            label = self._holding_labels.get(holding.item)
            if label is not None:
                label.setText(f"{holding.name} ({holding.state})")

    def _button(self, offer: Offer, spoken: str = "") -> QPushButton:
        button = QPushButton(offer[2])
        button.setAccessibleName(spoken or offer[2])
        button.setEnabled(not self._busy)
        button.clicked.connect(lambda: self.acted.emit(offer[0], dict(offer[1])))
        self.buttons[offer] = button
        return button

    def button(self, label: str, near: str = "") -> QPushButton:
        """The button with these words (``near``: the one for this weapon or shield)."""
        for button in self.buttons.values():
            if button.text() == label and near in button.accessibleName():
                return button
        raise LookupError(f"no button {label!r} {near!r}".rstrip())

    # Acting

    def _own_buttons(self) -> dict[Offer | str, QPushButton]:
        own: dict[Offer | str, QPushButton] = {"mark": self.mark, "save notes": self.save_notes}
        for offer, button in self.buttons.items():
            own[offer] = button
        return own

    def set_busy(self, busy: bool) -> None:
        """While an action is on its way, no other is started (as the page disables its form).

        Disabling the pressed button moves the focus on; once the answer is in, it
        comes back to that button (unless the player has moved it since), so a
        keyboard user presses it again without finding it anew.
        """
        self._busy = busy
        before = QApplication.focusWidget()
        pressed = next((key for key, b in self._own_buttons().items() if b is before), None)
        for button in self._own_buttons().values():
            button.setEnabled(not busy)
        if busy and pressed is not None:
            self._focus_back = (pressed, QApplication.focusWidget())
        elif not busy and self._focus_back is not None:
            key, moved_to = self._focus_back
            self._focus_back = None
            back = self._own_buttons().get(key)
            if back is not None and QApplication.focusWidget() is moved_to:
                back.setFocus(Qt.FocusReason.OtherFocusReason)

    def _mark_fatigue(self) -> None:
        key = self.spell.currentData()
        if isinstance(key, str):
            self.acted.emit("fatigue", {"spell": key})

    def _typed(self) -> None:
        if not self._filling:
            self.notes_dirty = True

    def _save_notes(self) -> None:
        self.acted.emit("notes", {"notes": self.notes.toPlainText()})

    def notes_saved(self, sent: str) -> None:
        """The server kept these notes: they follow the campaign again unless typed since."""
        if self.notes.toPlainText() == sent:
            self.notes_dirty = False
