"""A password given in a server URL is never kept, shown or reported."""

from __future__ import annotations

import pytest

from tftmanager.app import campaigns
from tftmanager.store.errors import ServerError
from tftmanager.store.server_address import parse_address, without_password


@pytest.mark.parametrize(("text", "shown"), [
    ("postgresql://gm:hunter2@club.example.org/dragons",
     "postgresql://gm@club.example.org/dragons"),
    ("Cannot open postgres://gm:p%40ss@h:5432/d now", "Cannot open postgres://gm@h:5432/d now"),
    ("postgresql+psycopg://a:b@h/d and postgresql://c:d@h/e",
     "postgresql+psycopg://a@h/d and postgresql://c@h/e"),
    ("postgresql://gm@club.example.org/dragons", "postgresql://gm@club.example.org/dragons"),
    ("/home/gm/dragons.tftcampaign", "/home/gm/dragons.tftcampaign"),
])
def test_a_password_is_taken_out_of_any_text(text: str, shown: str) -> None:
    assert without_password(text) == shown


def test_the_address_keeps_the_password_in_memory_only() -> None:
    address = parse_address("postgresql://gm:hunter2@club.example.org:5433/dragons")
    assert address.password == "hunter2"
    assert "hunter2" not in address.url + address.display + address.keyring_key


@pytest.mark.parametrize("url", ["postgresql://gm:hunter2@127.0.0.1",  # no database
                                 "postgresql://gm:hunter2@127.0.0.1:99999999/x"])
def test_a_refusal_neither_says_nor_keeps_the_password(url: str) -> None:
    pytest.importorskip("psycopg")
    with pytest.raises(ServerError) as refused:
        campaigns.open_existing(path=url)
    assert "hunter2" not in refused.value.message + str(refused.value.path)
