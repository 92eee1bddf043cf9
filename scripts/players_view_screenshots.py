"""Screenshots of the players' view: pages on a phone and a tablet, and the window's dialog.

A player's page at both sizes (and a refusal on the phone), the GM's page,
and Campaign > Players' View with its QR codes.

The window (under Xvfb) opens the demo party, names three players, starts a
fight, and starts the table server; Chromium (headless, Debian's, driven by
Selenium) opens the pages at 390x844 and 1024x768.  Run by ``make
screenshot``; without Chromium it says so and takes only the dialog.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication
from shot_support import DialogWatchdog, fresh_demo_path

from tftmanager.app import characters, encounters, experience, player_links
from tftmanager.app.campaigns import new_campaign, party_sheets
from tftmanager.ui.launch import configure_application
from tftmanager.ui.main_window import MainWindow

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs"
PLAYERS = {"Ragnar": "Alice", "Morgaine": "Bea", "Wulf": "Carl"}
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run",
         "--hide-scrollbars", "--disable-dev-shm-usage")


def set_up(path: Path) -> None:
    """The demo party with players, an award, a wound and a fight in progress."""
    store = new_campaign(path=path, name="The Dragons of Lake Sardak", demo=True)
    try:
        ids = {}
        for sheet in party_sheets(store=store):
            c = sheet.character
            ids[c.name] = sheet.id
            characters.edit_character(store=store, character_id=sheet.id, character=replace(
                c, player=PLAYERS.get(c.name, ""), wounds=3 if c.name == "Ragnar" else 0))
        experience.award(store=store, character_ids=list(ids.values()), amount=150,
                         reason="The goblin cave")
        for name in PLAYERS:
            player_links.invite(store=store, character_id=ids[name])
        fight = encounters.new_encounter(store=store, name="The bridge", seed=7)
        for name in ("Ragnar", "Morgaine", "Wulf"):
            encounters.add_character(store=store, encounter_id=fight,
                                     character_id=ids[name], side="Party")
        encounters.add_template(store=store, encounter_id=fight, key="wolf", side="Wolves")
        encounters.spend_st(store=store, encounter_id=fight, figure="Morgaine", amount=2,
                            spell="")
    finally:
        store.close()


def browser(width: int, height: int) -> object | None:
    """Headless Chromium at this size, or None (with a line saying why) where there is none."""
    chromium, driver = shutil.which("chromium"), shutil.which("chromedriver")
    if chromium is None or driver is None:
        print("No players' page screenshots: chromium and chromium-driver are not installed.")
        return None
    from selenium import webdriver

    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    profile = tempfile.mkdtemp(prefix="tft-chromium-")
    for flag in (*FLAGS, f"--user-data-dir={profile}", f"--window-size={width},{height}"):
        options.add_argument(flag)
    chrome = webdriver.Chrome(options=options,
                              service=webdriver.ChromeService(executable_path=driver))
    chrome.set_window_size(width, height)
    return chrome


def settle(chrome: object, text: str) -> None:
    """Wait until the live part holds ``text`` (its first event has replaced it)."""
    from selenium.webdriver.common.by import By

    limit = time.monotonic() + 10
    while time.monotonic() < limit:
        try:
            if text in chrome.find_element(By.ID, "live").text:  # type: ignore[attr-defined]
                time.sleep(0.3)
                return
        except Exception:  # noqa: BLE001 - replaced while read: look again
            pass
        time.sleep(0.05)


def shoot_pages(player_url: str, wizard_url: str, gm_url: str) -> None:
    """The player's page at both sizes, a refusal on the phone, the GM's page on a tablet."""
    from selenium.webdriver.common.by import By

    phone = browser(390, 844)
    if phone is None:
        return
    try:
        phone.get(player_url)  # type: ignore[attr-defined]
        settle(phone, "XP")
        phone.save_screenshot(str(OUT / "players-view-phone.png"))  # type: ignore[attr-defined]
        for _ in range(2):  # the second raise is more than Ragnar has left
            hidden = phone.find_element(  # type: ignore[attr-defined]
                By.CSS_SELECTOR, '#experience form[data-action="raise"] input[value="iq"]')
            button = hidden.find_element(By.XPATH, "..").find_element(By.TAG_NAME, "button")
            phone.execute_script(  # type: ignore[attr-defined]
                "arguments[0].scrollIntoView({block: 'center'})", button)
            button.click()
            time.sleep(1.0)
        phone.save_screenshot(str(OUT / "players-view-phone-refused.png"))  # type: ignore[attr-defined]
    finally:
        phone.quit()  # type: ignore[attr-defined]
    tablet = browser(1024, 768)
    if tablet is None:
        return
    try:
        tablet.get(wizard_url)  # type: ignore[attr-defined]
        settle(tablet, "Cast a spell")
        tablet.save_screenshot(str(OUT / "players-view-tablet.png"))  # type: ignore[attr-defined]
        tablet.get(gm_url)  # type: ignore[attr-defined]
        settle(tablet, "The bridge")
        tablet.save_screenshot(str(OUT / "players-view-gm.png"))  # type: ignore[attr-defined]
    finally:
        tablet.quit()  # type: ignore[attr-defined]


def main() -> int:
    """Set up, start the players' view in the window, take the pictures."""
    path = fresh_demo_path()
    set_up(path)
    app = QApplication(sys.argv)
    configure_application(app)
    watchdog = DialogWatchdog(app)
    settings = QSettings(str(Path(tempfile.mkdtemp()) / "settings.ini"),
                         QSettings.Format.IniFormat)
    window = MainWindow(settings)
    window.show()
    assert window.open_campaign(path)
    dialog = window.players_view.show()
    dialog.toggle()  # Start
    dialog.resize(760, 700)
    app.processEvents()
    OUT.mkdir(exist_ok=True)
    dialog.grab().save(str(OUT / "players-view-dialog.png"))
    links = {link.name: link for link in player_links.links(store=window.session.store)}
    address = dialog.server.address
    shoot_pages(address.player_url(links["Ragnar"]), address.player_url(links["Morgaine"]),
                address.gm_url)
    window.close()
    return watchdog.exit_code(0)


if __name__ == "__main__":
    sys.exit(main())
