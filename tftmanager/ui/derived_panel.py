"""The derived-stats panel: what the rules make of the character, updated live."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFormLayout, QGroupBox, QLabel, QVBoxLayout

from tftmanager.app.sheet import Sheet
from tftmanager.rules.character import Status
from tftmanager.rules.derived import AttackLine
from tftmanager.rules.effects import Stat
from tftmanager.rules.text import count


def _attack(a: AttackLine) -> str:
    dx = f"adjDX {a.adj_dx}"
    if a.adj_dx_shield is not None and a.adj_dx_shield != a.adj_dx:
        dx += f" / {a.adj_dx_shield} shield"
    return f"{a.mode.value} {a.damage}, {dx}"


# What a screen reader says for a value whose caption only makes sense below another.
SPOKEN = {"adj_dx_shield": "Adjusted DX with shield ready",
          "stops_shield": "Hits stopped with shield"}


def _reachable(value: QLabel, name: str) -> None:
    """A value Tab reaches and a screen reader names ("MA"), selectable to copy.

    Selectable by keyboard makes a label a tab stop (Qt gives it strong
    focus); without it the Derived panel could not be reached at all.
    """
    value.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse
                                  | Qt.TextInteractionFlag.TextSelectableByKeyboard)
    value.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
    value.setAccessibleName(name)


class DerivedPanel(QGroupBox):
    """MA, adjusted DX, hits stopped, injury thresholds and each weapon's attacks."""

    def __init__(self) -> None:
        super().__init__("Derived")
        self.setMinimumWidth(220)  # beside the editor on a 1024-pixel screen
        self.values: dict[str, QLabel] = {}
        form = QFormLayout()
        # A value too wide beside its caption goes under it instead of being cut.
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        for key, label in (
            ("ma", "MA"),
            ("adj_dx", "Adjusted DX"),
            ("adj_dx_shield", "… with shield ready"),
            ("stops", "Hits stopped"),
            ("stops_shield", "… with shield"),
            ("condition", "Condition"),
            ("languages", "Languages"),
            ("wear", "Wear"),
            ("total", "Attribute total"),
            ("injury", "Reactions to injury"),
        ):
            value = QLabel("–")
            value.setWordWrap(True)
            _reachable(value, SPOKEN.get(key, label))
            caption = QLabel(label + ":")
            caption.setBuddy(value)
            form.addRow(caption, value)
            self.values[key] = value
        self.weapons = QLabel()
        self.weapons.setWordWrap(True)
        self.weapons.setTextFormat(Qt.TextFormat.RichText)
        _reachable(self.weapons, "Weapons")
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(QLabel("<b>Weapons</b>"))
        layout.addWidget(self.weapons)
        layout.addStretch(1)

    def show_sheet(self, sheet: Sheet | None) -> None:
        """Fill in the values for a sheet (None blanks them)."""
        if sheet is None:
            for label in self.values.values():
                label.setText("–")
            self.weapons.setText("")
            return
        d = sheet.derived
        none = "no shield"
        self.values["ma"].setText(d.explain(Stat.MA))
        self.values["adj_dx"].setText(d.explain(Stat.ADJ_DX))
        self.values["adj_dx_shield"].setText(none if d.adj_dx_shield is None
                                             else str(d.adj_dx_shield))
        self.values["stops"].setText(d.explain(Stat.HITS_STOPPED))
        self.values["stops"].setToolTip("\n".join(d.situational))
        self.values["stops_shield"].setText(none if d.hits_stopped_shield is None
                                            else str(d.hits_stopped_shield))
        start = f" of {d.start_total} at start" if d.start_total is not None else ""
        self.values["total"].setText(f"{d.attribute_total}{start}")
        wear = [
            f"{what} {condition.state}"
            for what, condition in (("armor", d.armor_condition), ("shield", d.shield_condition))
            if condition is not None and condition.state != "sound"
        ]
        self.values["wear"].setText(", ".join(wear) or "sound")
        c = sheet.character
        condition = [] if c.status is Status.ACTIVE else [c.status.value]
        if c.wounds:
            condition.append(f"{count(c.wounds, 'hit')} (ST {c.current_st} now)")
        if c.recovery_weeks:
            condition.append(f"recovering: {d.recovery_dx} DX, "
                             f"{count(c.recovery_weeks, 'week')} of rest")
        if c.fatigue:
            condition.append(f"{c.fatigue} fatigue")
        self.values["condition"].setText(", ".join(condition) or "well")
        self.values["languages"].setText(", ".join(c.languages) or "none recorded")
        self.values["injury"].setText(d.reactions_text())
        rows = []
        for line in d.weapons:
            name = escape(line.weapon.name) + (" (ready)" if line.ready else "")
            if not line.usable:
                name += f" — needs ST {line.weapon.st}"
            attacks = "<br>".join(escape(_attack(a)) for a in line.attacks)
            rows.append(f"<b>{name}</b><br>{attacks}")
        self.weapons.setText("<br>".join(rows) or "No weapons")
