"""Render the main window and the editor on the demo campaign to PNGs in docs/.

Run under Xvfb (``make screenshot``) so the window is a real X11 window.
"""

from __future__ import annotations

import sys
from pathlib import Path

from printed_pictures import save_cards, save_encounter_sheet, save_sheet
from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtWidgets import QApplication
from shot_support import DialogWatchdog, campaigns_folder, fresh_demo_path

from tftmanager.app import characters
from tftmanager.ui import menu_windows, operations
from tftmanager.ui.launch import configure_application
from tftmanager.ui.main_window import MainWindow
from tftmanager.ui.window_state import DEFAULT_SIZE, PARTY_WIDTH

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs"
GUIDE = ROOT / "resources" / "guide"  # Help > User Guide's own picture of the main window
GUIDE_WIDTH = 660  # fits Help > User Guide at its first size (720 px wide) without a scroll bar
STAT_BLOCKS = """Orc Sergeant (orc): ST 13 DX 11 IQ 8 MA 10; Talents: Sword (2), Shield (1)
Weapons: Broadsword (2d); Armor: Leather armor, Small shield.

Elanor Silverleaf - Elf wizard
ST 9; DX 13; IQ 14; MA 12
Spells: Magic Fist (M), Light (S), Blur (T), Drop Weapon (T)
Talents: Literacy
Weapons: Dagger (1d-1)

GIANT WOLF
ST 16  DX 13  IQ 6  MA 14
Attacks: Bite (2d)
Talents: Tracking, Keen Nose
"""


def shoot_guide_and_dark(app: QApplication, window: MainWindow) -> None:
    """Help > User Guide, and the main window in Fusion's dark palette."""
    from tftmanager.ui.file_and_help_menus import show_guide
    from tftmanager.ui.style import fusion_dark

    guide = show_guide(window)
    guide.resize(760, 720)
    app.processEvents()
    guide.grab().save(str(OUT / "guide.png"))
    guide.close()
    window.resize(*DEFAULT_SIZE)  # as a new user sees it (the History picture widened it)
    window.splitter.setSizes(window_state_sizes())
    light = app.palette()
    app.setPalette(fusion_dark())
    window._retint_icons()  # as a switch of the system's scheme does
    rows = {r.name: r.id for r in window.party_model.rows()}
    window.party.select(rows["Ragnar"])
    window.editor.tabs.setCurrentIndex(0)
    app.processEvents()
    window.grab().save(str(OUT / "main-window-dark.png"))
    app.setPalette(light)
    window._retint_icons()


def shoot_encounter(window: MainWindow, app: QApplication) -> None:
    """The encounter tracker mid-fight, and the award review that ends it."""
    from tftmanager.ui import menu_windows
    from tftmanager.ui.encounter_window import EncounterWindow

    assert window.session is not None
    window.session.signals.action_failed.connect(print)  # a refusal must not go unseen
    tracker = menu_windows.encounter(window, window.session)
    assert isinstance(tracker, EncounterWindow)
    tracker.resize(1000, 660)  # within a 1024x700 screen
    tracker.name_edit.setText("Ambush at the ford")
    tracker.start_button.click()

    def pick(box: object, text: str) -> None:
        box.setCurrentIndex(box.findText(text))  # type: ignore[attr-defined]

    for side, name, party in (("Romans", "Flavius Marcellus", True), ("Romans", "Ragnar", True),
                              ("Germans", "Germanic tribesman", False),
                              ("Germans", "Wolf", False), ("Germans", "Wolf", False)):
        tracker.side.setText(side)
        pick(tracker.party_pick if party else tracker.beast_pick, name)
        (tracker.add_party_member if party else tracker.add_beast)()

    def press(label: str, rolls: str = "") -> None:
        """The tracker's own lead: the offered action whose label starts so."""
        offered = tracker.next_panel.offer_buttons
        button = next((b for b in offered if b.text().startswith(label)), None)
        if button is None:
            raise ValueError(f"'{label}' not offered: {[b.text() for b in offered]}")
        tracker.rolls.setText(rolls)
        button.click()

    for label, rolls in (("Roll the initiative", "5 2"), ("(h) Shift", ""), ("(h) Shift", ""),
                         ("(f) Missile", ""), ("(h) Shift", ""), ("(h) Shift", ""),
                         ("Attack order", "3 6"), ("Bite at Ragnar", "8 4"), ("No attack", ""),
                         ("Spear at Wolf", "7 6"), ("Longbow at Flavius", "9 5"),
                         ("No attack", ""),
                         ("Next turn", ""), ("Roll the initiative", "2 5"),
                         ("(j) One-last-shot", "")):
        press(label, rolls)
    tracker.tabs.setCurrentIndex(0)
    app.processEvents()
    tracker.grab().save(str(OUT / "encounter.png"))
    enc = tracker.encounter()
    assert enc is not None
    save_encounter_sheet(enc, window.session.library.combat_rules(), OUT / "encounter-sheet.png")
    review = tracker.end_encounter()
    assert review is not None
    review.resize(1040, 300)  # every column, Dropped included
    app.processEvents()
    review.grab().save(str(OUT / "encounter-end.png"))
    review.close()
    tracker.close()


def window_state_sizes() -> list[int]:
    """The party and the editor as the default window first shows them."""
    return [PARTY_WIDTH, DEFAULT_SIZE[0] - PARTY_WIDTH]


def main() -> int:
    """Build the window, select a character, grab the pictures, quit."""
    app = QApplication(sys.argv)
    configure_application(app)
    watchdog = DialogWatchdog(app)
    settings = QSettings(str(campaigns_folder() / "settings.ini"), QSettings.Format.IniFormat)
    window = MainWindow(settings)
    window.resize(*DEFAULT_SIZE)  # what a new user sees
    window.show()
    assert window.new_campaign(fresh_demo_path(), demo=True)

    def shoot() -> None:
        if "--encounter-only" in sys.argv:  # just the tracker's pictures
            shoot_encounter(window, app)
            window.close()
            app.quit()
            return
        rows = {r.name: r.id for r in window.party_model.rows()}
        window.party.select(rows["Ragnar"])
        app.processEvents()
        OUT.mkdir(exist_ok=True)
        main = window.grab()
        main.save(str(OUT / "main-window.png"))
        main.scaledToWidth(GUIDE_WIDTH, Qt.TransformationMode.SmoothTransformation).save(
            str(GUIDE / "main-window.png"))
        assert window.session is not None
        save_cards(window.session.store, "Ragnar", OUT / "card-front.png",
                   OUT / "card-back.png")
        window.editor.grab().save(str(OUT / "editor.png"))
        # A character with problems, to show them in place.
        window.party.select(rows["Wulf"])
        app.processEvents()
        assert window.session is not None
        wulf = window.session.query(characters.get_character, character_id=rows["Wulf"])
        from dataclasses import replace

        from tftmanager.rules.loadout import take_shield

        armed = take_shield(wulf.items, "large_shield", ready=True)
        operations.characters.edit(window.session, rows["Wulf"], replace(wulf, st=7, items=armed))
        app.processEvents()
        window.editor.grab().save(str(OUT / "editor-problems.png"))
        window.act_undo.trigger()  # Wulf as the demo has him again, eligible for his job
        app.processEvents()
        # The picker for Joe, with Running selected (memory full before his SP).
        window.party.select(rows["Joe the Barbarian"])
        app.processEvents()
        picker = window.editor.open_picker()
        assert picker is not None
        picker.search.setText("run")
        picker.select("talent", "running")
        picker.resize(820, 560)
        app.processEvents()
        picker.grab().save(str(OUT / "picker.png"))
        picker.search.clear()
        picker.kind.setCurrentIndex(picker.kind.findData("talent"))
        picker.select("talent", "fencing")
        app.processEvents()
        picker.grab().save(str(OUT / "picker-unavailable.png"))
        picker.close()
        from tftmanager.ui.library_editor import LibraryEditor

        library = LibraryEditor(window.session, window)
        library.show()
        library.pages["talent"].search.setText("master")
        app.processEvents()
        library.grab().save(str(OUT / "library-editor.png"))
        library.close()
        # A few weeks of play for Ragnar's ledger and chart.
        from tftmanager.rules.experience import Attribute

        session = window.session
        assert session is not None
        ragnar = rows["Ragnar"]
        party = list(rows.values())
        for week, (amount, reason) in enumerate([(120, "Cleared the bandit camp"),
                                                 (70, "Survived the ogre"),
                                                 (150, "Rescued the miller's daughter"),
                                                 (90, "Arena: won")]):
            operations.experience.award(session, party, amount, reason)
            if week in (0, 2):
                operations.experience.raise_attribute(
                    session, ragnar, Attribute.DX if week else Attribute.ST)
            operations.weeks.run_weeks(session, 1, seed=week + 1)
        window.party.select(ragnar)
        app.processEvents()
        window.grab().save(str(OUT / "main-window-xp.png"))
        ledger = window.editor.open_ledger()
        assert ledger is not None
        app.processEvents()
        ledger.grab().save(str(OUT / "ledger.png"))
        ledger.close()
        # Flavius's possessions as the demo ships them (README): the chainmail he
        # wears, then worn by a fight; his large shield and shortsword; a fine
        # dagger, a blanket, his horse Dapple and his savings.
        flavius = rows["Flavius Marcellus"]
        window.party.select(flavius)
        panel = window.editor.possessions
        panel.select(0)
        panel.record_hits(55)
        window.editor.tabs.setCurrentIndex(2)
        panel.select(0)
        app.processEvents()
        window.grab().save(str(OUT / "possessions.png"))
        # A run of four weeks: the totals per character above the weeks, rolls folded.
        # Flavius comes back from a fight with 3 hits: his week says so, and what heals them.
        stored = session.query(characters.get_character, character_id=flavius)
        operations.characters.edit(session, flavius, replace(stored, wounds=3))
        planner = menu_windows.plan_weeks(window, window.session)
        assert planner is not None
        planner.resize(1100, 760)
        planner.run(4, seed=20261122)
        app.processEvents()
        planner.grab().save(str(OUT / "week-report.png"))
        # Twelve more weeks: the run's summary, a line of totals per character.
        planner.run(12, seed=20261123)
        app.processEvents()
        planner.grab().save(str(OUT / "week-summary.png"))
        planner.close()
        save_sheet(session.store, "Morgaine", OUT / "character-sheet.png")
        # The History panel: every change in plain words, Edit > Undo naming the newest.
        # The dock takes its own width: widen the window by it so the party stays whole.
        window.resize(DEFAULT_SIZE[0] + 380, DEFAULT_SIZE[1])
        window.history_dock.show()
        window.resizeDocks([window.history_dock], [360], Qt.Orientation.Horizontal)
        window.splitter.setSizes(window_state_sizes())
        window.party.select(ragnar)
        app.processEvents()
        window.grab().save(str(OUT / "history.png"))
        window.history_dock.hide()
        shoot_guide_and_dark(app, window)
        # File > Import Stat Blocks: each line read; one not understood (red), one assumed.
        from tftmanager.ui.statblock_dialog import StatBlockImportDialog

        importer = StatBlockImportDialog(window.session, window)
        importer.text.setPlainText(STAT_BLOCKS)
        importer.refresh()
        importer.show()
        app.processEvents()
        importer.grab().save(str(OUT / "statblock-import.png"))
        importer.close()
        shoot_encounter(window, app)
        window.close()
        app.quit()

    QTimer.singleShot(300, shoot)
    code = watchdog.exit_code(app.exec())
    print(f"Saved screenshots in {OUT}")
    return code


if __name__ == "__main__":
    sys.exit(main())
