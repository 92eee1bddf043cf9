"""Setting a card face in type: positions in millimetres, shrink, then continue.

The result is a list of drawing operations in card millimetres; the painter
only converts them to device units.  Because fitting and painting read the
same list, what the preview shows, what prints and what the PDF holds can
never disagree about where a card breaks.

Fitting: the face is set at its size's base font; when it does not fit the
type shrinks step by step to a minimum (8 pt, readable at arm's length across
a table); at the minimum the lines close up (tighter leading, less room above
headings) before anything moves, since a back that spills three lines onto a
card of their own is worse than a denser back (issue 34); what still does not
fit moves, whole lines at a time, to a continuation card, set at the usual
leading.  Nothing is ever clipped and nothing is set so small that
a player must squint: a full back goes on a second card instead.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property, lru_cache

from tftmanager.cards.content import CardFace, Section, SectionKind, Side
from tftmanager.cards.fonts import Metrics

PT = 25.4 / 72  # millimetres per point
MIN_PT = 8.0  # body text never gets smaller than this (6 pt was unreadable)
SMALL_MIN_PT = 6.5  # captions and column heads, which are smaller than the body
FLOOR_PT = 6.0  # only for a face whose header alone overflows the card at MIN_PT
LEADING = 1.22  # line height as a multiple of the font size
TIGHT_LEADING = 1.1  # closed-up lines, only at the minimum size, to save a card
_SHRINK = (1.0, 0.93, 0.86, 0.8, 0.74)


@dataclass(frozen=True)
class Text:
    """A run of text; ``y`` is its baseline."""

    x: float
    y: float
    text: str
    size: float
    bold: bool = False


@dataclass(frozen=True)
class Stroke:
    """A straight line."""

    x1: float
    y1: float
    x2: float
    y2: float
    width: float


@dataclass(frozen=True)
class Frame:
    """An unfilled rectangle (stat boxes, hit boxes)."""

    x: float
    y: float
    w: float
    h: float
    width: float


Op = Text | Stroke | Frame
Block = tuple[float, tuple[Op, ...]]  # ops set from the top, and how far down they go


@dataclass(frozen=True)
class Typeset:
    """A face set on one card, and what had to move to the next card.

    ``placed`` holds the card's blocks of ops, each with how far down it
    goes; ``ops`` moves them into place the first time it is read, so the
    many tries an export makes and throws away (shrinking, balancing a
    back onto its front) never build their ops.
    """

    face: CardFace
    placed: tuple[Block, ...]
    scale: float
    remainder: CardFace | None
    tight: bool = False  # set with closed-up lines (TIGHT_LEADING) to stay on one card

    @cached_property
    def ops(self) -> tuple[Op, ...]:
        """Every drawing operation on the card, in card millimetres."""
        return _in_place(self.placed)


def base_pt(card_w: float) -> float:
    """Body size for a card width: 9 pt on a 5-inch card, up to 14 pt on a full page."""
    return min(14.0, max(9.0, card_w / 127.0 * 9.0))


def _moved(op: Op, dy: float) -> Op:
    """The op ``dy`` mm lower (made directly: ``replace`` cost a third of an export)."""
    if isinstance(op, Text):
        return Text(op.x, op.y + dy, op.text, op.size, op.bold)
    if isinstance(op, Stroke):
        return Stroke(op.x1, op.y1 + dy, op.x2, op.y2 + dy, op.width)
    return Frame(op.x, op.y + dy, op.w, op.h, op.width)


def _in_place(placed: tuple[Block, ...] | list[Block]) -> tuple[Op, ...]:
    return tuple(op if not dy else _moved(op, dy) for dy, ops in placed for op in ops)


@dataclass(frozen=True)
class _Unit:
    """Lines that stay together; ``resume`` says where to go on if they move on."""

    height: float
    ops: tuple[Op, ...]
    resume: tuple[int, int, int]  # section, row, word


def wrap(metrics: Metrics, text: str, width: float, size: float,
         bold: bool = False) -> list[tuple[str, int]]:
    """Greedy word wrap; each line with the index of its first word.

    Words are split on single spaces so joining them back restores the text
    exactly (a continuation card resumes mid-paragraph).  A word wider than
    the line is broken between characters rather than allowed to overflow.
    """
    words = text.split(" ")
    lines: list[tuple[str, int]] = []
    start, current = 0, ""
    for i, word in enumerate(words):
        if i:
            candidate = f"{current} {word}"
            if metrics.width(candidate, size, bold) <= width:
                current = candidate
                continue
            lines.append((current, start))
        start, current = i, word
        while len(current) > 1 and metrics.width(current, size, bold) > width:
            cut = len(current) - 1
            while cut > 1 and metrics.width(current[:cut], size, bold) > width:
                cut -= 1
            lines.append((current[:cut], start))
            current = current[cut:]
    lines.append((current, start))
    return lines


class _Setter:
    """Lays out one face at one scale on a card of ``w`` x ``h`` mm."""

    def __init__(self, metrics: Metrics, w: float, h: float, scale: float,
                 tight: bool = False) -> None:
        self.m = metrics
        self.card = (w, h, scale, tight)  # what the cached settings are keyed on
        self.leading = TIGHT_LEADING if tight else LEADING
        self.head_gap = 0.25 if tight else 0.5  # room above a heading, in body ems
        self.b = base_pt(w) * scale * PT  # body em in mm
        self.pad = min(6.0, max(3.0, w * 0.028))
        self.left, self.right = self.pad, w - self.pad
        self.width = self.right - self.left
        self.bottom = h - self.pad

    def line_h(self, size: float) -> float:
        return size * self.leading

    def small(self, ratio: float) -> float:
        """A size below the body's (captions, headings), never below SMALL_MIN_PT."""
        return max(ratio * self.b, SMALL_MIN_PT * PT)

    def header(self, face: CardFace) -> tuple[list[Op], float]:
        """Name (bold), then race, kind and player on the right, or below when long."""
        b, m = self.b, self.m
        name_size, sub_size = 1.55 * b, self.small(0.9)
        tags = [face.subtitle, "back" if face.side is Side.BACK else "",
                f"continued, {face.unit} {face.part}" if face.part > 1 else ""]
        sub = " · ".join(t for t in tags if t)
        names = wrap(m, face.name, self.width, name_size, True)
        baseline = self.pad + m.ascent(name_size)
        ops: list[Op] = []
        for n, (line, _) in enumerate(names):
            ops.append(Text(self.left, baseline + n * self.line_h(name_size), line,
                            name_size, True))
        baseline += (len(names) - 1) * self.line_h(name_size)
        sub_w = m.width(sub, sub_size)
        if m.width(names[-1][0], name_size, True) + 3.0 + sub_w <= self.width:
            ops.append(Text(self.right - sub_w, baseline, sub, sub_size))
        else:
            for line, _ in wrap(m, sub, self.width, sub_size):
                baseline += self.line_h(sub_size)
                ops.append(Text(self.left, baseline, line, sub_size))
        rule_y = baseline + m.descent(name_size) + 0.4
        ops.append(Stroke(self.left, rule_y, self.right, rule_y, 0.4))
        return ops, rule_y + 0.4 * b

    def stats(self, face: CardFace, y: float) -> tuple[list[Op], float]:
        b, m = self.b, self.m
        size, cap_size, px, gap = 1.3 * b, self.small(0.7), 0.45 * b, 1.2
        has_caption = any(s.caption for s in face.stats)
        box_h = self.line_h(size) + (self.line_h(cap_size) if has_caption else 0) + 0.5 * px
        ops: list[Op] = []
        x = self.left
        for stat in face.stats:
            w = max(m.width(stat.text, size, True), m.width(stat.caption, cap_size)) + 2 * px
            if x > self.left and x + w > self.right:
                x, y = self.left, y + box_h + gap
            ops.append(Frame(x, y, w, box_h, 0.3))
            base = y + 0.25 * px + m.ascent(size)
            if not stat.caption:  # centred when the box has room for a caption
                base = y + (box_h - self.line_h(size)) / 2 + m.ascent(size)
            ops.append(Text(x + px, base, stat.text, size, True))
            if stat.caption:
                ops.append(Text(x + px, base + self.line_h(cap_size) + 0.1 * b,
                                stat.caption, cap_size))
            x += w + gap
        y += box_h
        if face.tally:
            tally_ops, y = self.tally(face.tally, y + 0.45 * b, face.ticked)
            ops += tally_ops
        return ops, y

    def tally(self, count: int, y: float, ticked: int = 0) -> tuple[list[Op], float]:
        """One box per point of ST, in fives, so hits can be ticked off as in Melee.

        The first ``ticked`` boxes come crossed out: wounds the campaign keeps.
        """
        b, m = self.b, self.m
        label_size = self.small(0.75)
        label = f"Hits taken (ST {count - ticked} now)" if ticked else "Hits taken"
        side, gap, group_gap = 0.95 * b, 0.3 * b, 0.5 * b
        x0 = self.left + m.width(label, label_size, True) + 1.5
        ops: list[Op] = [Text(self.left, y + side * 0.5 + m.ascent(label_size) * 0.45,
                              label, label_size, True)]
        x, row_y = x0, y
        for i in range(count):
            if i and i % 5 == 0:
                x += group_gap
            if x + side > self.right:
                x, row_y = x0, row_y + side + gap * 1.5
            ops.append(Frame(x, row_y, side, side, 0.2))
            if i < ticked:
                ops += [Stroke(x, row_y, x + side, row_y + side, 0.3),
                        Stroke(x, row_y + side, x + side, row_y, 0.3)]
            x += side + gap
        return ops, row_y + side

    def heading(self, title: str) -> tuple[list[Op], float]:
        size = self.small(0.8)
        top = self.head_gap * self.b
        base = top + self.m.ascent(size)
        text = title.upper()
        end = self.left + self.m.width(text, size, True) + 1.2
        mid = base - self.m.ascent(size) * 0.35
        ops: list[Op] = [Text(self.left, base, text, size, True)]
        if end < self.right:
            ops.append(Stroke(end, mid, self.right, mid, 0.15))
        return ops, top + self.line_h(size)

    def section_units(self, index: int, section: Section) -> tuple[_Unit, list[_Unit]]:
        """The heading (with a table's column heads) and the section's line units."""
        head_ops, head_h = self.heading(section.title)
        if section.kind is SectionKind.PROSE:
            return _Unit(head_h, tuple(head_ops), (index, 0, 0)), self.prose(index, section)
        table_head, rows = self.table(index, section)
        ops = head_ops + [_moved(op, head_h) for op in table_head.ops]
        return _Unit(head_h + table_head.height, tuple(ops), (index, 0, 0)), rows

    def prose(self, index: int, section: Section) -> list[_Unit]:
        size, indent = self.b, 1.5
        units = []
        for r, row in enumerate(section.rows):
            for n, (line, word) in enumerate(wrap(self.m, row[0], self.width - indent, size)):
                x = self.left + (indent if n else 0.0)
                units.append(_Unit(self.line_h(size),
                                   (Text(x, self.m.ascent(size), line, size),), (index, r, word)))
        return units

    def table(self, index: int, section: Section) -> tuple[_Unit, list[_Unit]]:
        """Columns sized to their widest cell; the last (notes) column wraps.

        When the notes column would be too narrow, notes go on their own
        indented line under the row instead; a first-column name too long
        for the card (a GM's own entry) wraps rather than running off it.
        """
        size, head_size, gap, m = self.b, self.small(0.72), 2.2, self.m
        line_h = self.line_h(size)
        fixed = len(section.columns) - 1
        widths = [max([m.width(section.columns[c], head_size, True)]
                      + [m.width(row[c], size, c == 0) for row in section.rows])
                  for c in range(fixed)]
        others = sum(widths[1:]) + gap * fixed
        widths[0] = min(widths[0], max(self.width - others, 0.3 * self.width))
        xs = [self.left]
        for w in widths:
            xs.append(xs[-1] + w + gap)
        notes_w = self.right - xs[-1]
        below = notes_w < 0.3 * self.width
        head_ops: list[Op] = [Text(x, m.ascent(head_size), title, head_size, True)
                              for x, title in zip(xs, section.columns, strict=False)
                              if not (below and x == xs[-1])]
        units = []
        for r, row in enumerate(section.rows):
            base = m.ascent(size)
            names = wrap(m, row[0], widths[0], size, True)
            ops: list[Op] = [Text(self.left, base + n * line_h, line, size, True)
                             for n, (line, _) in enumerate(names)]
            ops += [Text(x, base, cell, size)
                    for x, cell in zip(xs[1:fixed], row[1:fixed], strict=True)]
            notes = row[fixed] if len(row) > fixed else ""
            note_x, note_w = (self.left + 3.0, self.width - 3.0) if below else (xs[-1], notes_w)
            lines = wrap(m, notes, note_w, size) if notes else []
            start = len(names) if below else 0
            for n, (line, _) in enumerate(lines):
                ops.append(Text(note_x, base + (start + n) * line_h, line, size))
            count = max(len(names), start + len(lines))
            units.append(_Unit(count * line_h + 0.15 * size, tuple(ops), (index, r, 0)))
        return _Unit(self.line_h(head_size), tuple(head_ops), (index, 0, 0)), units

    def set(self, face: CardFace,
            heading: CardFace) -> tuple[list[Block], tuple[int, int, int] | None]:
        """Everything that fits; the resume point of the first thing that did not.

        ``heading`` is the face without its sections (what the header and the
        stat boxes are set from).
        """
        top, y = _top(self.m, *self.card, heading)
        placed: list[Block] = [(0.0, top)]
        placed_rows = False
        for index, section in enumerate(face.sections):
            head, units = _section_units(self.m, *self.card, index, section)
            if not units:
                continue
            first = head.height + units[0].height
            if y + first > self.bottom and placed_rows:
                return placed, head.resume
            placed.append((y, head.ops))
            y += head.height
            for unit in units:
                if y + unit.height > self.bottom and placed_rows:
                    return placed, unit.resume
                placed.append((y, unit.ops))
                y += unit.height
                placed_rows = True
        return placed, None


@lru_cache(maxsize=1024)
def _top(metrics: Metrics, w: float, h: float, scale: float, tight: bool,
         face: CardFace) -> tuple[tuple[Op, ...], float]:
    """A face's header and stat boxes (its sections left out), set once for a card and a scale.

    Shrinking a face and trying a back's sections on its front set the same
    header again and again.
    """
    setter = _Setter(metrics, w, h, scale, tight)
    ops, y = setter.header(face)
    if face.stats or face.tally:
        stat_ops, y = setter.stats(face, y)
        ops += stat_ops
    return tuple(ops), y


@lru_cache(maxsize=4096)
def _section_units(metrics: Metrics, w: float, h: float, scale: float, tight: bool,
                   index: int, section: Section) -> tuple[_Unit, tuple[_Unit, ...]]:
    """A section's units, set once for a card and a scale.

    Shrinking a face, moving a back's sections onto its front and keeping
    optional sections only where there is room set the same sections again
    and again (100 characters' cards: 7,193 settings, 726 of them different).
    """
    head, units = _Setter(metrics, w, h, scale, tight).section_units(index, section)
    return head, tuple(units)


def _rest(face: CardFace, resume: tuple[int, int, int]) -> CardFace:
    """What remains of a face from a resume point: the rows not yet printed."""
    index, row, word = resume
    section = face.sections[index]
    rows = list(section.rows[row:])
    if word:
        rows[0] = (" ".join(rows[0][0].split(" ")[word:]), *rows[0][1:])
    title = section.title
    if (row or word) and not title.endswith("(continued)"):
        title = f"{title} (continued)"
    first = Section(title, section.kind, tuple(rows), section.columns)
    return face.continued((first, *face.sections[index + 1:]))


def _overflows(placed: list[Block], h: float) -> bool:
    """True when something set on the card runs past its bottom edge."""
    for dy, ops in placed:
        for op in ops:
            bottom = op.y + dy if isinstance(op, Text) else (
                max(op.y1 + dy, op.y2 + dy) if isinstance(op, Stroke) else op.y + dy + op.h)
            if bottom > h:
                return True
    return False


def typeset(face: CardFace, w: float, h: float, metrics: Metrics,
            max_scale: float = 1.0) -> Typeset:
    """Set a face on a w x h mm card: shrink until it fits, else split at the minimum.

    Only a face whose first lines alone (a GM's outsized name, ST in the
    hundreds) overflow a card at the minimum goes smaller, down to FLOOR_PT,
    since those lines cannot move to a continuation card.
    """
    minimum = MIN_PT / base_pt(w)
    heading = replace(face, sections=())
    scales = [s * max_scale for s in _SHRINK if minimum < s * max_scale] \
        + [min(minimum, max_scale)]
    for scale in scales:
        placed, resume = _Setter(metrics, w, h, scale).set(face, heading)
        if resume is None:
            return Typeset(face, tuple(placed), scale, None)
    tight_placed, tight_resume = _Setter(metrics, w, h, scale, tight=True).set(face, heading)
    if tight_resume is None:
        return Typeset(face, tuple(tight_placed), scale, None, tight=True)
    floor = FLOOR_PT / base_pt(w)
    while _overflows(placed, h) and scale > floor:
        scale = max(floor, scale * 0.93)
        placed, resume = _Setter(metrics, w, h, scale).set(face, heading)
        if resume is None:
            return Typeset(face, tuple(placed), scale, None)
    return Typeset(face, tuple(placed), scale, _rest(face, resume) if resume else None)


def set_at(face: CardFace, w: float, h: float, metrics: Metrics,
           scale: float) -> Typeset | None:
    """The face on one card at exactly ``scale`` (usual leading); None if it does not fit."""
    placed, resume = _Setter(metrics, w, h, scale).set(face, replace(face, sections=()))
    return None if resume is not None else Typeset(face, tuple(placed), scale, None)


def _with_room(face: CardFace, w: float, h: float, metrics: Metrics,
               max_scale: float) -> CardFace:
    """The face with as much of its optional sections as fits without shrinking it.

    Nor without closing up its lines: references are not worth denser type.
    """
    bare = replace(face, sections=tuple(s for s in face.sections if not s.optional))
    shorter = replace(face, sections=tuple(
        replace(s, rows=s.shorter) if s.optional and s.shorter else s for s in face.sections))
    without = typeset(bare, w, h, metrics, max_scale)
    for candidate in (face, shorter):
        fitted = typeset(candidate, w, h, metrics, max_scale)
        if fitted.remainder is None and fitted.scale >= without.scale \
                and fitted.tight <= without.tight:
            return candidate
    return bare


def fit(face: CardFace, w: float, h: float, metrics: Metrics,
        max_scale: float = 1.0) -> list[Typeset]:
    """A face and all its continuation cards, each set (continuations no larger).

    Optional sections (a back's references) are kept only where there is
    room: in full, else their shorter rows, when the face still fits one card
    at the size it has without them; else they are left out.
    """
    if any(s.optional for s in face.sections):
        face = _with_room(face, w, h, metrics, max_scale)
    cards = [typeset(face, w, h, metrics, max_scale)]
    while cards[-1].remainder is not None:
        remainder = cards[-1].remainder
        assert remainder is not None
        cards.append(typeset(remainder, w, h, metrics, cards[-1].scale))
    return cards
