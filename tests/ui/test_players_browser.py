"""Issue 40's flow in real Chromium, at a phone's size and a tablet's, against the window.

The GM's window (offscreen Qt) starts Campaign > Players' View; Chromium
(Debian's ``chromium`` and ``chromium-driver``, driven by Selenium) opens the
player's link, sees the card, spends XP on DX (the window's editor shows it
within a second), is refused a raise it cannot afford (the reason shown),
and sees the GM's award arrive without reloading; a wrong link and a revoked
one get nothing.  Skipped, with the reason, where no Chromium can be had.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.exceptions import TimeoutError as WaitedTooLong

from tftmanager.app import campaigns, journal, player_links
from tftmanager.ui.award_dialog import AwardDialog
from tftmanager.ui.main_window import MainWindow

pytestmark = [pytest.mark.ui, pytest.mark.slow]

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run",
         "--disable-dev-shm-usage")
SIZES = [(390, 844), (1024, 768)]


@pytest.fixture
def browser(request: pytest.FixtureRequest) -> Iterator[object]:
    """Chromium at the size asked for, with a fresh profile."""
    webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed")
    if CHROMIUM is None or DRIVER is None:
        pytest.skip("No Chromium here: install Debian's chromium and chromium-driver "
                    "(scripts/system-deps.sh does it when run as root) to run the browser tests")
    width, height = request.param
    profile = Path(tempfile.mkdtemp(prefix="tft-chromium-"))
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in (*FLAGS, f"--user-data-dir={profile}", f"--window-size={width},{height}"):
        options.add_argument(flag)
    service = webdriver.ChromeService(executable_path=DRIVER)
    driver = webdriver.Chrome(options=options, service=service)
    driver.set_window_size(width, height)
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def _wait_text(driver, selector: str, text: str, timeout: float = 5) -> None:
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    WebDriverWait(driver, timeout, poll_frequency=0.05,
                  ignored_exceptions=(StaleElementReferenceException,)).until(
        lambda d: text in d.find_element(By.CSS_SELECTOR, selector).text)


def _click(driver, action: str, **fields: str) -> None:
    """Click an action's button (found again if a live update replaced it meanwhile)."""
    from selenium.common.exceptions import StaleElementReferenceException

    for _attempt in range(5):
        try:
            _click_once(driver, action, **fields)
            return
        except StaleElementReferenceException:
            continue
    raise AssertionError(f"the {action} button kept being replaced")


def _click_once(driver, action: str, **fields: str) -> None:
    from selenium.webdriver.common.by import By

    for form in driver.find_elements(By.CSS_SELECTOR, f'form[data-action="{action}"]'):
        hidden = {i.get_attribute("name"): i.get_attribute("value")
                  for i in form.find_elements(By.CSS_SELECTOR, "input[type=hidden]")}
        if all(hidden.get(k) == v for k, v in fields.items()):
            button = form.find_element(By.CSS_SELECTOR, "button")
            driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
            button.click()
            return
    raise AssertionError(f"no {action} button for {fields}")


@pytest.mark.parametrize("browser", SIZES, indirect=True, ids=["phone", "tablet"])
def test_a_player_plays_from_the_phone_while_the_gm_plays_in_the_window(
        main_window: MainWindow, qtbot, browser) -> None:
    from selenium.webdriver.common.by import By

    driver = browser
    session = main_window.session
    assert session is not None
    ragnar = next(s.id for s in session.query(campaigns.party_sheets)
                  if s.character.name == "Ragnar")
    main_window.party.select(ragnar)
    _gm_award(main_window, qtbot, 150, "The goblin cave")

    campaign = next(a.menu() for a in main_window.menuBar().actions()
                    if a.text() == "&Campaign")
    campaign.aboutToShow.emit()
    next(a for a in campaign.actions() if a.objectName() == "act_players_view").trigger()
    dialog = main_window.players_view.dialog
    qtbot.mouseClick(dialog.findChild(type(dialog.start_button), f"invite_{ragnar}"),
                     Qt.MouseButton.LeftButton)
    qtbot.mouseClick(dialog.start_button, Qt.MouseButton.LeftButton)
    link = next(k for k in player_links.links(store=session.store) if k.character_id == ragnar)
    url = dialog.server.address.player_url(link)

    # The player opens the link and sees the card.
    driver.get(url)
    _wait_text(driver, "h1", "Ragnar")
    _wait_text(driver, "#live", "XP 150")
    _wait_text(driver, ".stats", "13\n(11, 10)")  # the brackets on a line of their own
    width = driver.execute_script("return document.documentElement.scrollWidth")
    assert width <= driver.execute_script("return window.innerWidth")  # nothing off-screen
    driver.execute_script("window.notReloaded = true")

    # Spends XP on DX: the page says so, and the window's editor shows it within a second.
    _click(driver, "raise", attribute="dx")
    _wait_text(driver, "#status", "DX raised for 100 XP.")
    qtbot.waitUntil(lambda: main_window.editor.spins["dx"].value() == 14, timeout=1000)
    assert session.query(journal.history, limit=1)[0].author == "Ragnar's player"

    # A raise they cannot afford: refused, with the reason.
    _click(driver, "raise", attribute="iq")
    _wait_text(driver, "#status", "Needs 100 XP; Ragnar has 50.")
    assert "refused" in driver.find_element(By.CSS_SELECTOR, "#status").get_attribute("class")
    assert main_window.editor.spins["iq"].value() == 8

    # The GM's award arrives without reloading.
    _gm_award(main_window, qtbot, 250, "The dragon's hoard")
    _wait_text(driver, "#live", "XP 300", timeout=1.5)
    assert driver.execute_script("return window.notReloaded") is True

    # A wrong link gets nothing.
    driver.get(url[:-4] + "AAAA")
    assert "No such link" in driver.find_element(By.CSS_SELECTOR, "h1").text
    assert "Ragnar" not in driver.page_source

    # A link revoked while its page is open: the page says so and shows nothing more.
    driver.get(url)
    _wait_text(driver, "#live", "Ragnar")
    qtbot.mouseClick(dialog.findChild(type(dialog.start_button), f"revoke_{ragnar}"),
                     Qt.MouseButton.LeftButton)
    _wait_text(driver, "#status", "the GM revoked it")
    assert "Ragnar" not in driver.find_element(By.CSS_SELECTOR, "#live").text
    main_window.players_view.stop()


def _gm_award(window: MainWindow, qtbot, amount: int, reason: str) -> None:
    """The GM awards XP to the party from the window, as a person does."""
    dialog = AwardDialog(window.session, None, window)
    qtbot.addWidget(dialog)
    dialog.amount.setValue(amount)
    qtbot.keyClicks(dialog.reason, reason)
    assert dialog.submit()


@pytest.mark.parametrize("browser", SIZES[:1], indirect=True, ids=["phone"])
def test_the_page_reconnects_by_itself_when_the_server_comes_back(
        main_window: MainWindow, qtbot, browser) -> None:
    """The GM stops and starts the players' view: the open page says so, then catches up."""
    driver = browser
    session = main_window.session
    assert session is not None
    ragnar = next(s.id for s in session.query(campaigns.party_sheets)
                  if s.character.name == "Ragnar")
    dialog = main_window.players_view.show()
    qtbot.mouseClick(dialog.findChild(type(dialog.start_button), f"invite_{ragnar}"),
                     Qt.MouseButton.LeftButton)
    qtbot.mouseClick(dialog.start_button, Qt.MouseButton.LeftButton)
    base = dialog.server.address.base
    link = next(k for k in player_links.links(store=session.store) if k.character_id == ragnar)
    driver.get(dialog.server.address.player_url(link))
    _wait_text(driver, "#live", "XP 0")
    driver.execute_script("window.notReloaded = true")

    qtbot.mouseClick(dialog.start_button, Qt.MouseButton.LeftButton)  # Stop
    assert not dialog.running
    _wait_text(driver, "#status", "The table server stopped.")
    _gm_award(main_window, qtbot, 40, "While the server was down")
    qtbot.mouseClick(dialog.start_button, Qt.MouseButton.LeftButton)  # Start again
    if dialog.server.address.base != base:
        pytest.skip("the port was taken meanwhile: the page's address is another")
    _wait_text(driver, "#live", "XP 40", timeout=10)
    _wait_text(driver, "#status", "Connected again.")
    assert driver.execute_script("return window.notReloaded") is True
    # The page acts again without a reload: its token is the new run's.
    _click(driver, "raise", attribute="dx")
    _wait_text(driver, "#status", "Needs 100 XP; Ragnar has 40.")
    main_window.players_view.stop()


@pytest.mark.parametrize("browser", SIZES[:1], indirect=True, ids=["phone"])
def test_a_dropped_network_mid_edit_says_so_and_saves_nothing_half(
        main_window: MainWindow, qtbot, browser) -> None:
    """Offline through every try: one line; back online, the raise is done exactly once.

    Going offline may cut the answer rather than the request (Chromium lets a
    request to this computer through): the page cannot know whether the
    raise arrived, so it keeps it and sends it again when the connection is
    back, and the server does it only if it had not.
    """
    from selenium.webdriver.common.by import By

    driver = browser
    session = main_window.session
    assert session is not None
    ragnar = next(s.id for s in session.query(campaigns.party_sheets)
                  if s.character.name == "Ragnar")
    _gm_award(main_window, qtbot, 300, "The goblin cave")
    dialog = main_window.players_view.show()
    qtbot.mouseClick(dialog.findChild(type(dialog.start_button), f"invite_{ragnar}"),
                     Qt.MouseButton.LeftButton)
    qtbot.mouseClick(dialog.start_button, Qt.MouseButton.LeftButton)
    link = next(k for k in player_links.links(store=session.store) if k.character_id == ragnar)
    driver.get(dialog.server.address.player_url(link))
    _wait_text(driver, "#live", "XP 300")
    operations = len(session.query(journal.history))

    def network(offline: bool) -> None:
        driver.execute_cdp_cmd("Network.enable", {})
        driver.execute_cdp_cmd("Network.emulateNetworkConditions", {
            "offline": offline, "latency": 0, "downloadThroughput": -1,
            "uploadThroughput": -1})

    network(offline=True)
    _click(driver, "raise", attribute="st")
    _wait_text(driver, "#status", "The connection dropped: your change will be sent when it "
               "is back (never twice).", timeout=15)

    network(offline=False)
    _wait_text(driver, "#status", ".", timeout=15)
    status = driver.find_element(By.CSS_SELECTOR, "#status")
    seen: list[str] = []
    try:
        qtbot.waitUntil(lambda: seen.append(status.text) or seen[-1] in (
            "Done.", "ST raised for 100 XP."), timeout=15000)
    except WaitedTooLong:
        raise AssertionError(f"the page said: {sorted(set(seen))}") from None
    qtbot.waitUntil(lambda: main_window.editor.spins["st"].value() == 12, timeout=15000)
    _wait_text(driver, "#live", "XP 200", timeout=10)
    qtbot.wait(1500)  # nothing more arrives: the raise was done once
    assert main_window.editor.spins["st"].value() == 12
    assert len(session.query(journal.history)) == operations + 1
    main_window.players_view.stop()
