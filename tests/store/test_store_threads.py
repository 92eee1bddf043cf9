"""A campaign file's store used from several threads at once (the window and the players' view).

The file has one connection for the store's life; the window's thread and
the table server's workers take turns with it, one transaction at a time.
"""

from __future__ import annotations

import threading

import pytest

from tftmanager.app import campaigns, experience, journal

pytestmark = pytest.mark.store


def test_threads_take_turns_with_one_files_connection(demo_store) -> None:
    ids = [s.id for s in campaigns.party_sheets(store=demo_store)]
    before = len(journal.history(store=demo_store))
    failures: list[BaseException] = []

    def work(n: int) -> None:
        try:
            for _ in range(15):
                experience.award(store=demo_store, character_ids=[ids[n]], amount=1,
                                 reason="Turns")
                campaigns.party_sheets(store=demo_store)
        except BaseException as exc:  # noqa: BLE001 - every failure is reported below
            failures.append(exc)

    threads = [threading.Thread(target=work, args=(n,)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert failures == []
    assert len(journal.history(store=demo_store)) == before + 60
    balances = experience.balances(store=demo_store)
    assert [balances.get(i, 0) for i in ids[:4]] == [15] * 4
