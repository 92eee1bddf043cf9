"""Names and strings written into SQL text, where a bound parameter cannot go.

DDL, trigger bodies and the server's function definitions take no
parameters; what they name (a table, a role) or hold (a login) is quoted
here, the one way, so a name with a quote in it stays one name.
"""

from __future__ import annotations


def quote_name(name: str) -> str:
    """An identifier (table, column, role, database): in double quotes, doubled inside."""
    return '"' + name.replace('"', '""') + '"'


def quote_literal(text: str) -> str:
    """A string constant: in single quotes, doubled inside."""
    return "'" + text.replace("'", "''") + "'"
