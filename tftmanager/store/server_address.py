"""Where a server campaign is: a PostgreSQL URL, and the password kept out of it.

A campaign is named by a URL such as ``postgresql://alice@db.example.org/dragons``.
The password never appears in what TFT Manager keeps or shows: libpq finds
it in its usual places (``PGPASSWORD``, ``~/.pgpass``, a service file), or
the system keyring holds it when the user asked to remember it there.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from tftmanager.rules.records import Record
from tftmanager.store.errors import ServerError

SCHEMES = ("postgresql://", "postgres://", "postgresql+psycopg://")
KEYRING_SERVICE = "TFT Manager"
DRIVER_MISSING = ("Server campaigns need the PostgreSQL driver, which this installation "
                  "lacks: install TFT Manager with pip and its server extra "
                  "(pip install 'tftmanager[server]').")


# "scheme://login:password@" in any text: the password part, to be taken out.
_PASSWORD_IN_URL = re.compile(r"(?i)(postgres(?:ql)?(?:\+\w+)?://[^\s:/@]*):[^\s@/]*@")


def without_password(text: str) -> str:
    """Any server URL in ``text`` with its password taken out (for messages, logs, reports)."""
    return _PASSWORD_IN_URL.sub(r"\1@", text)


def is_server_url(text: str | Path) -> bool:
    """Whether a campaign argument names a server campaign rather than a file."""
    return isinstance(text, str) and text.strip().lower().startswith(SCHEMES)


@dataclass(frozen=True, eq=False, repr=False)
class ServerAddress(Record):
    """A server campaign's database, login and (only in memory) password."""

    host: str
    port: int | None
    database: str
    user: str
    password: str | None = None
    query: tuple[tuple[str, str], ...] = ()

    @property
    def url(self) -> str:
        """The URL without the password: what is shown, remembered and logged."""
        host = self.host if self.host else ""
        port = f":{self.port}" if self.port else ""
        query = "&".join(f"{k}={v}" for k, v in self.query)
        return (f"postgresql://{self.user}@{host}{port}/{self.database}"
                + (f"?{query}" if query else ""))

    @property
    def display(self) -> str:
        """A short name for the title bar and messages."""
        where = self.host or "this computer"
        return f"{self.database} on {where} (as {self.user})"

    @property
    def keyring_key(self) -> str:
        """The keyring entry holding this login's password."""
        return f"{self.user}@{self.host or 'localhost'}:{self.port or 5432}"

    def sqlalchemy_url(self) -> object:
        """The URL SQLAlchemy connects with (psycopg 3), password included if known."""
        from sqlalchemy.engine import URL  # noqa: PLC0415

        return URL.create("postgresql+psycopg", username=self.user,
                          password=self.password or self.remembered_password(),
                          host=self.host or None, port=self.port, database=self.database,
                          query=dict(self.query))

    def remembered_password(self) -> str | None:
        """The password the keyring holds for this login, if a keyring is installed."""
        try:
            import keyring  # noqa: PLC0415 - optional, and slow to import
        except ImportError:
            return None
        try:
            password: str | None = keyring.get_password(KEYRING_SERVICE, self.keyring_key)
        except Exception:  # noqa: BLE001 - no usable keyring backend: libpq's sources remain
            return None
        return password

    def with_database(self, database: str) -> ServerAddress:
        """The same server and login, another database (server init creates one)."""
        return ServerAddress(self.host, self.port, database, self.user, self.password,
                             self.query)


def parse_address(text: str, *, user: str | None = None) -> ServerAddress:
    """Read a server campaign URL; a bad one gets a message in the user's terms."""
    import getpass  # noqa: PLC0415 - only for a server URL, not every command's location

    from sqlalchemy.engine import make_url  # noqa: PLC0415
    from sqlalchemy.exc import ArgumentError  # noqa: PLC0415

    raw = text.strip()
    shown = without_password(raw)  # what a message may say, or an error keep
    if not is_server_url(raw):
        raise ServerError(Path(shown), f"{shown!r} is not a server campaign URL: it must begin "
                          "with postgresql:// (for example postgresql://alice@server/dragons).")
    try:
        url = make_url(raw.replace("postgres://", "postgresql://", 1))
    except (ArgumentError, ValueError) as exc:
        raise ServerError(Path(shown), "Cannot read the server URL "
                          f"({without_password(str(exc))}).") from None
    if not url.database:
        raise ServerError(Path(shown), "The server URL names no database: add /NAME at its "
                          "end, for example postgresql://alice@server/dragons.")
    query = tuple(sorted((str(k), str(v)) for k, v in url.query.items()))
    return ServerAddress(host=url.host or "", port=url.port, database=url.database,
                         user=user or url.username or getpass.getuser(),
                         password=url.password, query=query)


def remember_password(address: ServerAddress, password: str) -> bool:
    """Keep a password in the system keyring; False when there is no usable keyring."""
    try:
        import keyring  # noqa: PLC0415

        keyring.set_password(KEYRING_SERVICE, address.keyring_key, password)
    except Exception:  # noqa: BLE001 - ImportError or no backend: the user keeps typing it
        return False
    return True
