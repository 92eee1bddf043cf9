"""Campaign-level use cases: create, open, read the party, change the rules profile."""

from __future__ import annotations

from pathlib import Path

from tftmanager.app.changes import Changes
from tftmanager.app.library import (
    check_replacements,
    forget_library,
    initial_library,
    library_for,
)
from tftmanager.app.location import CAMPAIGN_SUFFIX, CampaignLocation
from tftmanager.app.opkind import OpKind, check_undo_limit
from tftmanager.app.sheet import Party, Sheet, evaluate
from tftmanager.rules.library_entries import Entry
from tftmanager.rules.settings import RuleProfile, profile_label
from tftmanager.store import journal, queries
from tftmanager.store import library as stored_library
from tftmanager.store.backup import all_backups, backup_file, backup_folder, rolling_backup
from tftmanager.store.campaign import (
    CampaignStore,
    create_campaign,
    open_campaign,
    open_campaign_for_reading,
)

# The open campaign, as the GUI and the command line hold it (they never import the store).
Campaign = CampaignStore


def new_campaign(*, path: Path, name: str = "", demo: bool = False,
                 history: bool = False) -> CampaignStore:
    """Create a campaign file, empty or holding the demo party.

    With ``history`` the demo party has twelve weeks of play, kept in the journal.
    """
    store = create_campaign(path, name or path.stem, library=initial_library())
    if demo:
        from tftmanager.app.demo import add_demo_party  # noqa: PLC0415

        try:
            add_demo_party(store=store)
            with store.transaction() as session:  # the demo as created is where undo stops
                journal.forget_all(session, store.campaign_id)
            if history:
                from tftmanager.app.demo_history import add_demo_history  # noqa: PLC0415

                add_demo_history(store=store)
        except BaseException:
            store.close()
            path.unlink(missing_ok=True)
            raise
    return store


def open_existing(*, path: CampaignLocation | Path | str) -> CampaignStore:
    """Open (and if needed back up and migrate) a campaign file for editing.

    ``path`` is where the campaign is; a server campaign (a location holding
    a postgresql:// URL, or that URL as text) is opened on the server, as the
    URL's login.  A ``Path`` is always a file.
    """
    where = CampaignLocation.parse(path)
    if where.url is not None:
        return _open_server(where.url)
    return open_campaign(where.path)


def open_for_reading(*, path: CampaignLocation | Path | str) -> CampaignStore:
    """Open a campaign to read it (list, show, export, print, history).

    No lock is taken and nothing is written, so this works while the GUI
    edits the same campaign and in a read-only folder; every read is one
    consistent snapshot until the store is closed.  A server campaign is
    simply opened: the server keeps readers and writers apart itself.
    """
    where = CampaignLocation.parse(path)
    if where.url is not None:
        return _open_server(where.url)
    return open_campaign_for_reading(where.path)


def _open_server(url: str) -> CampaignStore:
    from tftmanager.app import server_campaigns  # noqa: PLC0415 - needs psycopg

    return server_campaigns.open_campaign(address=server_campaigns.address_of(url))


def location_of(*, store: CampaignStore) -> CampaignLocation:
    """Where an open campaign is (a server's URL never with its password): what is remembered."""
    return CampaignLocation.parse(store.location) if store.shared else CampaignLocation(
        file=store.path)


def place(*, store: CampaignStore) -> str:
    """A short name of where the campaign is, for the title bar: the file's, or the server's."""
    if not store.shared:
        return store.path.name
    from tftmanager.app import server_campaigns  # noqa: PLC0415 - only with a server open

    return server_campaigns.place(location_of(store=store))


def campaign_name(*, store: CampaignStore) -> str:
    """The campaign's display name."""
    with store.transaction() as session:
        return queries.campaign(session=session, campaign_id=store.campaign_id).name


def current_week(*, store: CampaignStore) -> int:
    """The campaign's current week."""
    with store.transaction() as session:
        return queries.campaign(session=session, campaign_id=store.campaign_id).week


def get_profile(*, store: CampaignStore) -> RuleProfile:
    """The campaign's rules profile."""
    with store.transaction() as session:
        return queries.rule_profile(session=session, campaign_id=store.campaign_id)


def set_profile(*, store: CampaignStore, profile: RuleProfile) -> Changes:
    """Change the rules profile; every character is re-checked, none is changed."""
    with store.operation(OpKind.SETTINGS) as op:
        before = queries.rule_profile(session=op.session, campaign_id=store.campaign_id)
        op.label = profile_label(before, profile)
        queries.set_rule_profile(session=op.session, campaign_id=store.campaign_id,
                                 profile=profile)
    return Changes(settings=True, party=True)


def change_rules(*, store: CampaignStore, profile: RuleProfile, entries: list[Entry],
                 undo_limit: int | None = None) -> Changes:
    """The Campaign Rules dialog's choices as one operation: options and the tables it edits."""
    check_replacements(store=store, new=entries)
    if undo_limit is not None:
        check_undo_limit(undo_limit)
    with store.operation(OpKind.SETTINGS) as op:
        before = queries.rule_profile(session=op.session, campaign_id=store.campaign_id)
        parts = [profile_label(before, profile)] if before != profile else []
        campaign = queries.campaign(session=op.session, campaign_id=store.campaign_id)
        if undo_limit is not None and undo_limit != campaign.undo_limit:
            parts.append(f"Undo limit: {campaign.undo_limit} -> {undo_limit} operations")
            queries.set_campaign(session=op.session, campaign_id=store.campaign_id,
                                 undo_limit=undo_limit)
        queries.set_rule_profile(session=op.session, campaign_id=store.campaign_id,
                                 profile=profile)
        for entry in entries:
            stored_library.put_entry(session=op.session, campaign_id=store.campaign_id,
                                     entry=entry)
            parts.append(f"{entry.kind.replace('_', ' ')} table edited")
        op.label = "; ".join(parts) or "Campaign rules: no change"
    forget_library(store)
    return Changes(settings=True, party=True, library=bool(entries))


def party(*, store: CampaignStore) -> Party:
    """Every character, sorted by name, not yet evaluated (opening 5,000 stays quick)."""
    library = library_for(store)
    with store.transaction() as session:
        profile = queries.rule_profile(session=session, campaign_id=store.campaign_id)
        stored = queries.list_characters(session=session, campaign_id=store.campaign_id)
    return Party(library, profile, stored)


def has_characters(*, store: CampaignStore) -> bool:
    """Whether the campaign has any character yet (without reading the party)."""
    with store.transaction() as session:
        return queries.has_characters(session=session, campaign_id=store.campaign_id)


def party_sheets(*, store: CampaignStore) -> list[Sheet]:
    """Every character evaluated under the campaign's rules, sorted by name."""
    read = party(store=store)
    return [read.sheet(s) for s in read.characters]


def character_sheet(*, store: CampaignStore, character_id: int) -> Sheet:
    """One character evaluated under the campaign's rules."""
    library = library_for(store)
    with store.transaction() as session:
        profile = queries.rule_profile(session=session, campaign_id=store.campaign_id)
        stored = queries.read_character(session=session, character_id=character_id)
    return evaluate(stored.character, library, profile, id=stored.id, uid=stored.uid)


def copy_of_backup(*, path: Path, backup: Path) -> Path:
    """Write a backup beside a refused campaign as a new file (the original is left alone)."""
    suffix = path.suffix or CAMPAIGN_SUFFIX
    first = path.with_name(f"{path.stem} (restored){suffix}")
    names = [first, *(path.with_name(f"{path.stem} (restored {n}){suffix}")
                      for n in range(2, 1000))]
    return backup_file(backup, first, names=names)


def take_backup(*, store: CampaignStore, root: Path) -> Path:
    """A rolling backup of an open campaign under ``root`` (the newest few are kept)."""
    return rolling_backup(store.path, backup_folder(root, store.path))


def backups_of(*, path: Path, root: Path | None) -> list[Path]:
    """Every backup of a campaign file, newest first (what "Restore from Backup" offers)."""
    path = path.resolve()
    return all_backups(path, backup_folder(root, path) if root is not None else None)
