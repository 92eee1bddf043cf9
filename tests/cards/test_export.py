"""The PDF: every figure in its text, vector only, fonts embedded, written safely."""

from __future__ import annotations

import shutil
import subprocess
from dataclasses import replace
from pathlib import Path

import pypdf
import pytest

from tftmanager.cards.content import CardContent, build_card
from tftmanager.cards.errors import CardExportError
from tftmanager.cards.export import export_pdf, set_document
from tftmanager.cards.layout import PAPER_MM, CardSize, Paper
from tftmanager.rules.abilities import KnownTalent
from tftmanager.rules.library import RulesLibrary
from tftmanager.rules.settings import RuleProfile

from .conftest import DEMO, many_talents, pdf_text, sheet_of

pytestmark = pytest.mark.ui


@pytest.fixture
def demo_pdf(tmp_path: Path, demo_cards: list[CardContent], family: str) -> Path:
    path = tmp_path / "party.pdf"
    # 11 faces, 4 cards to a Letter page, each character's starting a row:
    # Joe's Recovery goes to his front (issue 34), Morgaine's spells run onto
    # a second back that leaves its row's other card blank.
    assert export_pdf(path, demo_cards) == 3
    return path


def test_each_demo_character_has_name_st_adjdx_and_damage(demo_pdf: Path) -> None:
    text = pdf_text(demo_pdf)
    for name, (st, dx, damages) in DEMO.items():
        assert name in text
        kind = "wizard" if name == "Morgaine" else "hero"
        assert f"{name} Human {kind} {st} {dx}" in text  # in reading order on the card
        for damage in damages:
            assert damage in text


def test_ragnars_card_shows_what_melee_prints_for_him(demo_pdf: Path) -> None:
    text = pdf_text(demo_pdf)
    assert "Ragnar Human hero ST 11 DX 13 (11, 10) adjDX, with shield" in text
    assert "Stops 2 hits per attack, 4 with shield" in text
    assert "Leather armor: stops 2" in text and "Large shield: stops 2" in text
    # The demo campaign plays the house rules: "a pole weapon does an extra 1d+1 damage,
    # not double damage as in the original rules" (004 line 11), and "Instead of actually
    # doubling damage, ignore armor and shields" (004 line 17).
    assert "Spear 1d+1 11 11 ready; 2-handed; pole: +1d+1 in a charge" in text
    assert "To-hit roll 3/4: ignore armor (3: +1d)" in text


def test_vector_only_with_fonts_embedded(demo_pdf: Path) -> None:
    reader = pypdf.PdfReader(str(demo_pdf))
    for page in reader.pages:
        resources = page["/Resources"]
        xobjects = resources.get("/XObject", {})
        images = [x for x in xobjects.values() if x.get_object().get("/Subtype") == "/Image"]
        assert not images
        fonts = [f.get_object() for f in resources["/Font"].values()]
        assert fonts
        for font in fonts:
            descendant = font["/DescendantFonts"][0].get_object()
            assert "/FontFile2" in descendant["/FontDescriptor"].get_object()
    if shutil.which("pdffonts"):
        rows = subprocess.run(["pdffonts", str(demo_pdf)], capture_output=True, text=True,
                              check=True).stdout.splitlines()[2:]
        assert rows and all(" yes " in row for row in rows)
        assert all("DejaVuSans" in row for row in rows)


def test_letter_and_a4_page_sizes(tmp_path: Path, demo_cards: list[CardContent],
                                  family: str) -> None:
    for paper, (w_mm, h_mm) in PAPER_MM.items():
        path = tmp_path / f"{paper.value}.pdf"
        export_pdf(path, demo_cards, paper=paper)
        box = pypdf.PdfReader(str(path)).pages[0].mediabox
        size = sorted((float(box.width), float(box.height)))
        assert size == pytest.approx(sorted((w_mm / 25.4 * 72, h_mm / 25.4 * 72)), abs=1)


# Joe's full back (seven talents) hands its Recovery to his front on a 3x5
# card (the front's type a step smaller) rather than shrinking below 8 pt or
# spilling three lines onto a card of their own; Morgaine's nine spells run
# onto a second back, on a row of its own (each character's cards start a row).
@pytest.mark.parametrize(("size", "pages"), [(CardSize.THREE_BY_FIVE, 3),
                                             (CardSize.FOUR_BY_SIX, 5),
                                             (CardSize.A6, 5), (CardSize.SHEET, 10)])
def test_page_count_per_size(tmp_path: Path, demo_cards: list[CardContent], family: str,
                             size: CardSize, pages: int) -> None:
    path = tmp_path / "cards.pdf"
    assert export_pdf(path, demo_cards, size=size, paper=Paper.A4) == pages
    assert len(pypdf.PdfReader(str(path)).pages) == pages


def test_duplex_puts_backs_on_the_following_page(tmp_path: Path,
                                                 demo_cards: list[CardContent],
                                                 family: str) -> None:
    document = set_document(demo_cards, CardSize.THREE_BY_FIVE, PAPER_MM[Paper.LETTER],
                            duplex=True, family=family)
    assert [p.backs for p in document.pages] == [False, True, False, True]
    path = tmp_path / "duplex.pdf"
    export_pdf(path, demo_cards, duplex=True)
    reader = pypdf.PdfReader(str(path))
    fronts = " ".join((reader.pages[0].extract_text() or "").split())
    backs = " ".join((reader.pages[1].extract_text() or "").split())
    assert "ST 11" in fronts and "Memory" not in fronts
    assert "Memory" in backs and "ST 11" not in backs


def test_forty_talents_overflow_and_none_is_lost(tmp_path: Path, library: RulesLibrary,
                                                 family: str) -> None:
    figure = many_talents(library, 40)
    card = build_card(sheet_of(figure, library), library, RuleProfile())
    document = set_document([card], CardSize.THREE_BY_FIVE, PAPER_MM[Paper.LETTER])
    assert document.card_count >= 3  # the front and at least two backs
    path = tmp_path / "polymath.pdf"
    export_pdf(path, [card])
    text = pdf_text(path)
    assert "continued, card 2" in text
    for known in figure.talents:
        assert library.talents[known.key].name in text


def test_nothing_to_print_is_refused(tmp_path: Path, family: str) -> None:
    with pytest.raises(CardExportError, match="no characters"):
        export_pdf(tmp_path / "none.pdf", [])
    assert not (tmp_path / "none.pdf").exists()


def test_unwritable_paths_say_why_and_leave_nothing(tmp_path: Path,
                                                    demo_cards: list[CardContent],
                                                    family: str) -> None:
    missing = tmp_path / "no such folder" / "cards.pdf"
    with pytest.raises(CardExportError, match="does not exist"):
        export_pdf(missing, demo_cards)
    assert not missing.parent.exists()
    with pytest.raises(CardExportError, match="is a folder"):
        export_pdf(tmp_path, demo_cards)


def test_a_failed_export_keeps_the_old_file(tmp_path: Path, demo_cards: list[CardContent],
                                            family: str, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "out"
    out.mkdir()
    path = out / "cards.pdf"
    path.write_bytes(b"old")

    def broken(*_args: object, **_kwargs: object) -> None:
        raise RuntimeError("printer on fire")

    monkeypatch.setattr("tftmanager.cards.export.paint_page", broken)
    with pytest.raises(RuntimeError):
        export_pdf(path, demo_cards)
    assert path.read_bytes() == b"old"
    assert [p.name for p in out.iterdir()] == ["cards.pdf"]  # no temporary file left


def test_words_with_fi_and_ff_come_out_as_typed(tmp_path: Path, library: RulesLibrary,
                                                family: str) -> None:
    """No ligatures: "ﬁ" in the PDF's text would make names unsearchable."""
    figure = replace(many_talents(library, 1), spells=("pathfinder", "deflect_missiles"),
                     talents=(KnownTalent("quarterstaff"),))
    card = build_card(sheet_of(figure, library), library, RuleProfile())
    path = tmp_path / "ligatures.pdf"
    export_pdf(path, [card])
    text = pdf_text(path)
    for name in ("Pathfinder", "Deflect Missiles", "Quarterstaff"):
        assert name in text
    assert not any(ch in text for ch in "\ufb00\ufb01\ufb02")


def _has_cjk_font() -> bool:
    if not shutil.which("fc-list"):
        return False
    return bool(subprocess.run(["fc-list", ":lang=zh"], capture_output=True, text=True,
                               check=False).stdout.strip())


@pytest.mark.skipif(not _has_cjk_font(), reason="no font for Chinese is installed "
                                                "(make test installs fonts-wqy-microhei)")
def test_a_name_in_cjk_prints_in_a_font_that_has_it(tmp_path: Path, library: RulesLibrary,
                                                    family: str) -> None:
    """The bundled font has no Chinese or Japanese: Qt takes the glyphs from a system font."""
    from tftmanager.rules.character import Character

    figure = Character("狼の戦士", "human", 14, 10)
    card = build_card(sheet_of(figure, library), library, RuleProfile())
    path = tmp_path / "cjk.pdf"
    export_pdf(path, [card])
    text = pdf_text(path)
    assert all(char in text for char in "狼の戦士")  # real glyphs with their text, not boxes
    if shutil.which("pdffonts"):
        rows = subprocess.run(["pdffonts", str(path)], capture_output=True, text=True,
                              check=True).stdout.splitlines()[2:]
        assert any("DejaVuSans" not in row and " yes " in row for row in rows), rows
