"""The hostile player's campaign and connections, for the attack tests (``hostile``)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tftmanager.app import campaigns, experience
from tftmanager.app.demo import add_demo_party
from tftmanager.store.server_address import parse_address

from .hostile import character_id
from .legacy import legacy_player


@pytest.fixture
def party_url(server_url: str) -> str:
    """The demo party; alice plays Ragnar, who has 500 XP from the GM to spend."""
    with campaigns.open_existing(path=server_url) as store:
        add_demo_party(store=store)
        ragnar = character_id(store, "Ragnar")
        experience.award(store=store, character_ids=[ragnar], amount=500, reason="Wight")
    legacy_player(server_url, "alice", ["Ragnar"])
    return server_url


@pytest.fixture
def alice(party_url: str) -> Iterator[Any]:
    """Alice's own psycopg connection (autocommit, as psql would be)."""
    import psycopg

    address = parse_address(party_url)
    with psycopg.connect(host=address.host, port=address.port, dbname=address.database,
                         user="alice", autocommit=True) as conn:
        yield conn


@pytest.fixture
def owner(party_url: str) -> Iterator[Any]:
    """The campaign owner's connection, to look at what is really there."""
    import psycopg

    address = parse_address(party_url)
    with psycopg.connect(host=address.host, port=address.port, dbname=address.database,
                         user=address.user, autocommit=True) as conn:
        yield conn
