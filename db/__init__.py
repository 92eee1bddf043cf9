"""Alembic migration scripts for campaign files (shipped inside the package)."""
