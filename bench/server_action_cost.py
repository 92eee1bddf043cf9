"""What one player's action costs, alone: the table server's CPU by part, PostgreSQL's, statements.

``python bench/server_action_cost.py [ACTIONS]`` (not part of ``make bench``:
a tool for working on the table server).  One campaign is set up as
``bench/server_load.py`` sets it up, on a scratch PostgreSQL at its default
durability, and one thread does what the table server does for a player's
action, without HTTP: finds the link (``player_links.links_and_link``), carries
the action out (``tableserver.actions.act``: two notes edits to one weapon
dropped or slung, the load bench's mix) and renders the card its answer
carries (``LiveViews``' pass for that character, as the route asks for it:
after a notes edit the card kept, with the new notes).  Each part's CPU is that
thread's (``time.thread_time``), the least of three runs of ``ACTIONS``
actions each, so another program's load counts little; PostgreSQL's CPU
is its processes' over the same runs, and its statements per action are
counted by ``pg_stat_statements`` (round trips: nested statements not
counted) when the server has it.
"""

from __future__ import annotations

import secrets
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(Path(__file__).resolve().parent))
ROUNDS = 3


def main(argv: list[str] | None = None) -> int:
    """Set up, run the rounds, print the figures."""
    import asyncio

    import pgserver
    import server_load

    from tftmanager.app import campaigns, player_links
    from tftmanager.tableserver import actions
    from tftmanager.tableserver.live import LiveViews
    from tftmanager.tableserver.news import News

    args = argv if argv is not None else sys.argv[1:]
    count = int(args[0]) if args else 200
    why = pgserver.why_not_available()
    if why:
        print(f"Skipped: {why}")
        return 0
    folder = Path(tempfile.mkdtemp(prefix="tftm-action-"))
    server = pgserver.start(folder, durable=True, settings=(
        "-c shared_preload_libraries=pg_stat_statements -c pg_stat_statements.track=top"))
    try:
        databases, secrets_ = server_load.setup(server, 1)
        moves = server_load._prepare_moves(server, databases)
        counted = server.psql(databases[0], "CREATE EXTENSION pg_stat_statements").returncode == 0
        store = campaigns.open_existing(path=server.url(databases[0]))
        news, loop = News(), asyncio.new_event_loop()
        news.bind(loop)
        views = LiveViews(store, news)
        dropped = dict.fromkeys(secrets_, False)

        def one(n: int, parts: list[float]) -> None:
            secret = secrets_[n % len(secrets_)]
            if n % 3 == 2 and moves.get(secret):
                dropped[secret] = not dropped[secret]
                fields = {"action": "move", "item": moves[secret],
                          "state": "stored" if dropped[secret] else "carried"}
            else:
                fields = {"action": "notes", "notes": f"note {n} {time.monotonic()}"}
            began = time.thread_time()
            every, link = player_links.links_and_link(store=store, secret=secret)
            assert link is not None
            found = time.thread_time()
            actions.act(store, link, fields, nonce=secrets.token_hex(12))
            done = time.thread_time()
            noted = actions.notes_written(fields)
            cid = link.character_id
            version = loop.run_until_complete(
                news.changed(frozenset({cid}), None if noted is None else {cid: noted}))
            views.refresh(version, cid, every)
            parts[0] += found - began
            parts[1] += done - found
            parts[2] += time.thread_time() - done

        for n in range(20):  # warm: connections, prepared statements, the library
            one(n, [0.0, 0.0, 0.0])
        if counted:
            server.psql(databases[0], "SELECT pg_stat_statements_reset()")
        postgres = server_load._cpu(server_load._server_pids(server))
        best = [float("inf")] * 3
        for _ in range(ROUNDS):
            parts = [0.0, 0.0, 0.0]
            for n in range(count):
                one(n, parts)
            best = [min(b, p) for b, p in zip(best, parts, strict=True)]
        time.sleep(0.5)  # the server's last writes
        postgres = server_load._cpu(server_load._server_pids(server)) - postgres
        done_all = ROUNDS * count
        link_ms, act_ms, card_ms = (1000 * b / count for b in best)
        print(f"table server CPU per action: link {link_ms:.2f} ms, action {act_ms:.2f} ms, "
              f"card {card_ms:.2f} ms, in all {link_ms + act_ms + card_ms:.2f} ms")
        print(f"PostgreSQL CPU per action: {1000 * postgres / done_all:.2f} ms")
        if counted:
            said = server.psql(databases[0], (
                "SELECT sum(calls), sum(calls) FILTER (WHERE query = 'COMMIT') "
                "FROM pg_stat_statements WHERE query NOT LIKE '%pg_stat_statements%'")).stdout
            statements, ends = (int(x or 0) for x in said.strip().split("|"))
            print(f"statements (round trips) per action: {statements / done_all:.1f}, "
                  f"transactions {ends / done_all:.1f}")
        store.close()
        loop.close()
    finally:
        server.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
