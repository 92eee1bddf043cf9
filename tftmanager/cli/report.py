"""Plain-text and JSON renderings of a character sheet for the command line."""

from __future__ import annotations

import unicodedata
from typing import Any

from tftmanager.app.sheet import Sheet
from tftmanager.rules.derived import AttackLine
from tftmanager.rules.effects import Stat
from tftmanager.rules.equipment_rules import Condition


def _attack_text(attack: AttackLine) -> str:
    dx = f"adjDX {attack.adj_dx}"
    if attack.adj_dx_shield is not None and attack.adj_dx_shield != attack.adj_dx:
        dx += f" ({attack.adj_dx_shield} with shield)"
    return f"{attack.mode.value}: {attack.damage}, {dx}"


def _protection_lines(sheet: Sheet) -> list[str]:
    """The armor worn and the shield carried, as the possessions say, with their wear."""
    gear, d = sheet.character.loadout, sheet.derived
    parts = []
    if d.armor is not None and gear.armor is not None:
        hits = gear.armor.hits_taken
        parts.append(d.armor.name + (f" ({hits} hits taken)" if hits else ""))
    if d.shield is not None and gear.shield is not None:
        hits = gear.shield.hits_taken
        parts.append(f"{d.shield.name} ({'ready' if d.shield_ready else 'slung'}"
                     + (f", {hits} hits taken)" if hits else ")"))
    return [f"  wears {', '.join(parts)}"] if parts else []


def sheet_text(sheet: Sheet) -> str:
    """A readable block: attributes, derived stats, weapons, problems."""
    c, d = sheet.character, sheet.derived
    lines = [
        f"{c.name} ({sheet.race_name or c.race})" + (f", played by {c.player}" if c.player else ""),
        f"  ST {c.st}  DX {c.dx}  IQ {c.iq}  SP {c.sp}  MA {d.explain(Stat.MA)}",
        f"  adjDX {d.explain(Stat.ADJ_DX)}"
        + (f", {d.adj_dx_shield} with shield ready" if d.adj_dx_shield is not None else ""),
        f"  hits stopped {d.explain(Stat.HITS_STOPPED)}"
        + (f", {d.hits_stopped_shield} with shield" if d.hits_stopped_shield is not None else ""),
        f"  reactions to injury: {d.reactions_text()}",
    ]
    for label, condition in (("armor", d.armor_condition), ("shield", d.shield_condition)):
        if condition is not None and condition.state != "sound":
            lines.append(f"  {label}: {condition.state} ({condition.detail}); stops "
                         f"{condition.stops} now")
    lines += [f"  {line}" for line in d.situational]
    lines += _protection_lines(sheet)
    lines.append(f"  carried weight {d.carried_kg:g} kg")
    if d.mount is not None and c.mount is not None:
        m = d.mount
        lines.append(f"  mount {c.mount.name}: MA {m.ma}, adjDX {m.adj_dx}"
                     + (f", {m.fatigue} fatigue a turn" if m.fatigue else "")
                     + f"; or MA {m.half_ma} at {m.half_fatigue} fatigue a turn"
                     + (f" (overloaded: walks at MA {m.walk_ma})" if m.walk_only else ""))
    for line in d.weapons:
        mark = "*" if line.ready else " "
        attacks = "; ".join(_attack_text(a) for a in line.attacks)
        label = line.item.quality.label if line.item else ""
        quality = f" ({label})" if label else ""
        lines.append(f" {mark}{line.weapon.name}{quality}: {attacks}")
    if sheet.problems:
        lines.append("  Problems:")
        lines += [f"   - [{p.severity.value}] {p.field}: {p.message}" for p in sheet.problems]
    else:
        lines.append("  No problems.")
    return "\n".join(lines)


def sheet_json(sheet: Sheet) -> dict[str, Any]:
    """The same as machine-readable data."""
    c, d = sheet.character, sheet.derived
    return {
        "name": c.name,
        "legal": sheet.legal,
        "derived": {
            "ma": d.ma,
            "ma_detail": d.explain(Stat.MA),
            "adj_dx": d.adj_dx,
            "adj_dx_detail": d.explain(Stat.ADJ_DX),
            "hits_stopped_detail": d.explain(Stat.HITS_STOPPED),
            "situational": list(d.situational),
            "adj_dx_shield": d.adj_dx_shield,
            "hits_stopped": d.hits_stopped,
            "hits_stopped_shield": d.hits_stopped_shield,
            "attribute_total": d.attribute_total,
            "start_total": d.start_total,
            "injury": {
                "dx_penalty_hits": d.injury.dx_penalty_hits,
                "knockdown_hits": d.injury.knockdown_hits,
                "assumed": d.injury.assumed,
            },
            "armor": d.armor.key if d.armor else None,
            "shield": d.shield.key if d.shield else None,
            "shield_ready": d.shield_ready,
            "armor_condition": _condition(d.armor_condition),
            "shield_condition": _condition(d.shield_condition),
            "carried_kg": d.carried_kg,
            "mount": None if d.mount is None else {
                "ma": d.mount.ma, "adj_dx": d.mount.adj_dx, "fatigue": d.mount.fatigue,
                "half_ma": d.mount.half_ma, "half_fatigue": d.mount.half_fatigue,
                "walk_only": d.mount.walk_only,
            },
            "weapons": [
                {
                    "key": w.weapon.key,
                    "name": w.weapon.name,
                    "ready": w.ready,
                    "usable": w.usable,
                    "attacks": [
                        {
                            "mode": a.mode.value,
                            "damage": str(a.damage),
                            "adj_dx": a.adj_dx,
                            "adj_dx_shield": a.adj_dx_shield,
                            "notes": list(a.notes),
                        }
                        for a in w.attacks
                    ],
                }
                for w in d.weapons
            ],
        },
        "problems": [p.as_dict() for p in sheet.problems],
    }


def _condition(condition: Condition | None) -> dict[str, Any] | None:
    if condition is None:
        return None
    return {"stops": condition.stops, "state": condition.state, "detail": condition.detail}


def text_width(text: str) -> int:
    """Columns a terminal gives the text: wide (CJK, emoji) characters take two, marks none."""
    width = 0
    for char in text:
        if unicodedata.combining(char) or unicodedata.category(char) in ("Mn", "Me", "Cf"):
            continue
        width += 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1
    return width


def pad(text: str, width: int) -> str:
    """The text left-aligned in ``width`` terminal columns, however wide its characters."""
    return text + " " * max(width - text_width(text), 0)

