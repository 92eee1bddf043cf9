"""The GM's invitation link, read: the table server's address and the player's secret.

The same link opens the player's page on a phone (``http://HOST:PORT/p/SECRET``);
a desktop window reads it here, so a mistyped or pasted-in-a-sentence link
is refused in one line before anything is sent.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import urlsplit

from tftmanager.refusal import Refusal

# A secret as the table server makes it (token_urlsafe: letters, digits, - and _).
_SECRET = re.compile(r"[A-Za-z0-9_-]{16,64}")
EXAMPLE = "http://192.168.1.20:8765/p/..."


class LinkNotUnderstood(Refusal, ValueError):
    """Text that is not a table server's invitation link."""


@dataclass(frozen=True)
class Invitation:
    """Where the table server is (``base``: scheme, host and port) and the player's secret."""

    base: str
    secret: str

    @property
    def host(self) -> str:
        """The server's host and port, for messages (never the secret)."""
        return urlsplit(self.base).netloc

    @property
    def player_base(self) -> str:
        """The player's own part of the API: ``{base}/p/{secret}``."""
        return f"{self.base}/p/{self.secret}"

    @property
    def link(self) -> str:
        """The link as the GM gave it."""
        return self.player_base

    @classmethod
    def parse(cls, text: str) -> Invitation:
        """Read a link; a refusal in one line when it is not one."""
        text = text.strip()
        if not text:
            raise LinkNotUnderstood(f"Paste the link the GM gave you ({EXAMPLE}).")
        try:
            parts = urlsplit(text)
            port = parts.port  # a port that is not a number raises here
        except ValueError:
            raise LinkNotUnderstood(f"That is not a link: a link looks like {EXAMPLE}") \
                from None
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise LinkNotUnderstood(f"That is not a table server's link: it looks like "
                                    f"{EXAMPLE}")
        steps = [step for step in parts.path.split("/") if step]
        if len(steps) != 2 or steps[0] != "p" or not _SECRET.fullmatch(steps[1]):
            raise LinkNotUnderstood("That link is not a player's invitation (it should end "
                                    "in /p/ and the code the GM gave you).")
        host = parts.hostname if ":" not in parts.hostname else f"[{parts.hostname}]"
        where = f"{host}:{port}" if port is not None else host
        return cls(f"{parts.scheme}://{where}", steps[1])
