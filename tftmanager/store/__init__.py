"""The campaign store: one SQLite file per campaign, opened safely and migrated.

Only the stdlib ``sqlite3`` module is used to look at a file before it is
trusted; SQLAlchemy and sqlmodel take over once it is known to be ours, and
Alembic is imported only when a migration is actually due.
"""
