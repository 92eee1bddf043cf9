"""Where a campaign is: a file or a server URL, typed when first read, shown without a password."""

from __future__ import annotations

from pathlib import Path

import pytest

from tftmanager.app import campaigns
from tftmanager.app.location import CampaignLocation
from tftmanager.store.campaign import CampaignStore

pytestmark = pytest.mark.app

SECRET = "hunter2"


@pytest.mark.parametrize(("text", "server"), [
    ("party.tftcampaign", False),
    ("/home/gm/My Campaigns/dragons.tftcampaign", False),
    ("postgresql://gm@db.example.org/dragons", True),
    ("  postgres://db.example.org:5433/dragons ", True),
    ("postgresql+psycopg://gm@db/dragons", True),
])
def test_a_campaign_argument_is_a_file_or_a_server(text: str, server: bool) -> None:
    where = CampaignLocation.parse(text)
    assert where.is_server is server
    if server:
        assert where.url == text.strip() and where.file is None
    else:
        assert where.path == Path(text) and where.display == text


def test_a_path_is_always_a_file_and_a_location_is_itself() -> None:
    """A ``Path`` is a file even when its text looks like a URL (it has lost a slash)."""
    odd = Path("postgresql://gm@db/dragons")
    assert CampaignLocation.parse(odd) == CampaignLocation(file=odd)
    where = CampaignLocation.parse("postgresql://gm@db/dragons")
    assert CampaignLocation.parse(where) is where


@pytest.mark.parametrize("url", [
    f"postgresql://gm:{SECRET}@db.example.org:5432/dragons",
    f"postgresql://gm:{SECRET}@db.example.org/dragons?sslmode=require&password={SECRET}",
    f"postgresql://db.example.org/dragons?password={SECRET}",
])
def test_a_password_in_the_url_is_never_shown(url: str) -> None:
    where = CampaignLocation.parse(url)
    assert where.url == url  # kept, to log in with
    for shown in (where.display, str(where), repr(where), f"{where}"):
        assert SECRET not in shown and "db.example.org" in shown and "dragons" in shown
    assert "sslmode=require" in where.display or "sslmode" not in url


def test_a_server_campaign_has_no_file() -> None:
    with pytest.raises(ValueError, match="server campaign, not a file"):
        _ = CampaignLocation.parse("postgresql://gm@db/dragons").path
    with pytest.raises(ValueError, match="either a file or a server URL"):
        CampaignLocation()


def test_an_open_campaign_says_where_it_is_and_opens_from_there(
        any_demo_store: CampaignStore) -> None:
    """The location remembered for a campaign opens it again (a file, or a server's URL)."""
    where = campaigns.location_of(store=any_demo_store)
    assert where.is_server is any_demo_store.shared
    assert where.display == any_demo_store.location
    name = campaigns.campaign_name(store=any_demo_store)
    with campaigns.open_for_reading(path=where) as again:  # a file's snapshot, until closed
        assert campaigns.campaign_name(store=again) == name
    place = campaigns.place(store=any_demo_store)  # the title bar's few words
    if where.url is None:
        assert place == any_demo_store.path.name
    else:
        database = where.url.rsplit("/", 1)[1]
        assert place.startswith(f"{database} on ") and place.endswith(
            f"(as {any_demo_store.author})")


def test_a_file_answers_what_a_shared_campaign_adds(store: CampaignStore) -> None:
    """A file's user is its GM, and nobody else changes it: no probing needed."""
    assert (store.shared, store.role, store.author, store.seen, store.look()) == (
        False, "gm", None, {}, {})


def test_the_status_line_shows_home_as_a_tilde(monkeypatch: pytest.MonkeyPatch,
                                                tmp_path: Path) -> None:
    """"Opened ~/Campaigns/Demo.tftcampaign": no temporary or home path in the status bar."""
    monkeypatch.setenv("HOME", str(tmp_path))
    inside = CampaignLocation.parse(str(tmp_path / "Campaigns" / "Demo.tftcampaign"))
    assert inside.short == "~/Campaigns/Demo.tftcampaign"
    elsewhere = CampaignLocation.parse("/srv/games/Demo.tftcampaign")
    assert elsewhere.short == "/srv/games/Demo.tftcampaign"
    server = CampaignLocation.parse("postgresql://gm:secret@host/dragons")
    assert server.short == server.display and "secret" not in server.short
