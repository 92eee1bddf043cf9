"""The tables and columns of this build's schema, for checks that run without the models.

``store.campaign.model_structure`` reads them from the SQLModel tables; the
command line's quick reads (``store.peek.peek_checked``) check a file against
this copy instead, so as not to import SQLAlchemy.  tests/store/test_peek.py
fails (and prints the new value) whenever the two differ.
"""

from __future__ import annotations

TABLES: dict[str, frozenset[str]] = {
    "assignment": frozenset({
        "activity", "character_id", "flying_mount", "found", "held", "id", "job", "lifestyle",
        "mounted", "officer", "own_lifestyle", "self_employed", "weeks_left"
    }),
    "campaign": frozenset({
        "created_at", "id", "library_version", "name", "rules_profile", "undo_limit", "week"
    }),
    "character": frozenset({
        "age", "body_kg", "bought_points", "campaign_id", "created_at", "dx", "fatigue", "id", "iq",
        "kind", "languages", "memory_bought", "mount", "name", "notes", "player", "race",
        "recovery_weeks", "sp", "st", "status", "uid", "updated_at", "wounds"
    }),
    "character_spell": frozenset({
        "character_id", "id", "position", "spell"
    }),
    "character_talent": frozenset({
        "character_id", "extra_points", "id", "position", "talent"
    }),
    "character_version": frozenset({
        "author", "character_id", "operation_id", "version"
    }),
    "encounter": frozenset({
        "campaign_id", "created_at", "ended", "id", "name", "state", "updated_at", "week"
    }),
    "journal_state": frozenset({
        "current_op", "id", "replaying"
    }),
    "library_entry": frozenset({
        "campaign_id", "data", "id", "key", "kind", "retired", "shipped_data"
    }),
    "money_entry": frozenset({
        "amount", "batch", "character_id", "created_at", "id", "kind", "reason", "week"
    }),
    "operation": frozenset({
        "author", "campaign_id", "characters", "created_at", "deed", "id", "kind", "label",
        "merge_key", "meta", "undoable", "undone", "updated_at", "week"
    }),
    "player_character": frozenset({
        "character_id", "id", "login"
    }),
    "player_link": frozenset({
        "character_id", "created_at", "id", "secret"
    }),
    "possession": frozenset({
        "character_id", "fine_damage", "fine_dx", "good", "hits_taken", "id", "key", "kind", "note",
        "position", "quantity", "silver", "state", "uid"
    }),
    "table_request": frozenset({
        "character_id", "id", "nonce", "received_at"
    }),
    "row_change": frozenset({
        "action", "id", "new", "old", "operation_id", "row_key", "table_name"
    }),
    "session_note": frozenset({
        "campaign_id", "created_at", "id", "played_on", "text", "title", "week"
    }),
    "study": frozenset({
        "character_id", "id", "started_week", "talent", "teacher", "weeks_done", "weeks_needed"
    }),
    "week_log": frozenset({
        "batch", "campaign_id", "created_at", "id", "report", "seed", "week"
    }),
    "xp_entry": frozenset({
        "amount", "attribute", "batch", "character_id", "created_at", "id", "kind", "played_on",
        "reason", "week"
    }),
}
