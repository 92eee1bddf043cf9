"""Where a campaign is: a file on this computer, or a database on a server.

A server campaign is named by a URL (``postgresql://alice@host/dragons``),
which is no path: kept in a ``Path`` it loses a slash and reads as a file.
``CampaignLocation`` keeps the two apart from the moment a command-line
argument, a recent-files entry or a dialog's answer is read, and ``display``
is what may be shown, printed or remembered: a URL never with its password.
Parsing needs neither SQLAlchemy nor a server, so the GUI reads its recent
campaigns before the store is loaded; the URL itself is read (and a bad one
refused in the user's terms) when the campaign is opened.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from tftmanager.refusal import Refusal
from tftmanager.rules.records import Record
from tftmanager.store.server_address import is_server_url

CAMPAIGN_SUFFIX = ".tftcampaign"
SECRET_KEYS = frozenset({"password"})  # libpq also takes a password among the URL's options


@dataclass(frozen=True, eq=False, repr=False)
class CampaignLocation(Record):
    """A campaign file (``file``) or a server campaign's URL (``url``, as given)."""

    file: Path | None = None
    url: str | None = None

    def __post_init__(self) -> None:
        if (self.file is None) == (self.url is None):
            raise ValueError("a campaign location is either a file or a server URL")

    @classmethod
    def parse(cls, text: str | Path | CampaignLocation) -> CampaignLocation:
        """Read a campaign argument: a URL names a server campaign, anything else a file.

        A ``Path`` is a file; a location is returned as it is.
        """
        if isinstance(text, CampaignLocation):
            return text
        if isinstance(text, Path):
            return cls(file=text)
        if is_server_url(text):
            return cls(url=text.strip())
        return cls(file=Path(text))

    @property
    def is_server(self) -> bool:
        """Whether the campaign is on a server (shared with a group)."""
        return self.url is not None

    @property
    def path(self) -> Path:
        """The campaign file; a server campaign has none (asking is a bug)."""
        if self.file is None:
            raise ValueError(f"{self.display} is a server campaign, not a file")
        return self.file

    @property
    def display(self) -> str:
        """The path, or the URL without any password: what is shown and remembered."""
        if self.url is None:
            return str(self.file)
        parts = urlsplit(self.url)
        netloc = parts.netloc
        if parts.password is not None:
            netloc = netloc.replace(f":{parts.password}@", "@", 1)
        query = urlencode([(k, v) for k, v in parse_qsl(parts.query, keep_blank_values=True)
                           if k.lower() not in SECRET_KEYS])
        return urlunsplit((parts.scheme, netloc, parts.path, query, parts.fragment))

    @property
    def short(self) -> str:
        """The display with the home folder as ``~``: a status line, not a temporary path."""
        home = str(Path.home())
        text = self.display
        if self.url is None and (text == home or text.startswith(home + "/")):
            return "~" + text[len(home):]
        return text

    def __str__(self) -> str:
        return self.display

    def __repr__(self) -> str:  # a traceback or a log line must not show the password either
        return f"CampaignLocation({self.display!r})"


class CampaignNameRefused(Refusal, ValueError):
    """A new campaign's file name that cannot be used; the message says why."""


def new_campaign_path(text: str) -> Path:
    """The file a new campaign named ``text`` goes to; an empty name is refused.

    ``.tftcampaign`` is added when the name has no ending, so the app and the
    file manager know the file: the one rule for ``tftmanager new`` and the
    GUI's New Campaign dialog.
    """
    if not text.strip():
        raise CampaignNameRefused("The campaign's file name is empty; give a name, "
                                  "such as 'My Campaign'.")
    path = Path(text)
    return path if path.suffix else path.with_name(path.name + CAMPAIGN_SUFFIX)
