"""Screenshots of the journal, the party board and the party charts on the demo's history.

The demo party with twelve weeks of play (``tftmanager new --history``);
run under Xvfb by ``make screenshot`` beside scripts/screenshots.py.  Also
renders the journal and the board as PDFs beside the PNGs, for a look.
"""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtWidgets import QApplication
from shot_support import DialogWatchdog, campaigns_folder, fresh_demo_path

from tftmanager.ui.launch import configure_application
from tftmanager.ui.main_window import MainWindow

OUT = Path(__file__).resolve().parent.parent / "docs"


def main() -> int:
    """Open the demo, play its history, grab the three views, quit."""
    app = QApplication(sys.argv)
    configure_application(app)
    watchdog = DialogWatchdog(app)
    tmp = campaigns_folder()
    settings = QSettings(str(tmp / "settings.ini"), QSettings.Format.IniFormat)
    window = MainWindow(settings)
    window.resize(1360, 860)
    window.show()
    assert window.new_campaign(fresh_demo_path(), demo=True, history=True)

    def shoot() -> None:
        OUT.mkdir(exist_ok=True)
        story = window.story
        story.board_dock.show()
        window.resizeDocks([story.board_dock], [300], Qt.Orientation.Vertical)
        app.processEvents()
        window.grab().save(str(OUT / "party-board.png"))
        story.board_dock.hide()
        story.charts_dock.show()
        window.resizeDocks([story.charts_dock], [560], Qt.Orientation.Horizontal)
        app.processEvents()
        window.grab().save(str(OUT / "party-charts.png"))
        journal = story.open_journal()
        journal.resize(820, 760)
        app.processEvents()
        journal.grab().save(str(OUT / "journal.png"))
        journal.set_filter(character="Ragnar")
        app.processEvents()
        journal.grab().save(str(OUT / "journal-ragnar.png"))
        journal.set_filter()
        journal.export(tmp / "journal.pdf")
        from tftmanager.ui.board_print import save_board_pdf

        save_board_pdf(story.board, story.board.shown_rows(), tmp / "board.pdf")
        print(f"PDFs in {tmp}")
        journal.close()
        window.close()
        app.quit()

    QTimer.singleShot(300, shoot)
    code = watchdog.exit_code(app.exec())
    print(f"Saved journal, board and chart screenshots in {OUT}")
    return code


if __name__ == "__main__":
    sys.exit(main())
