"""What the app refuses in the user's terms, told apart from a bug.

Every refusal (the rules say no, a name matches nobody, a full disk, a file
of a newer version, a campaign another window holds, another user's edit)
derives from :class:`Refusal` and carries one line for the user.  Anything
else raised from an action is a bug: the GUI and the command line write a
crash report for it instead of showing its text as if it were a reason.

It lives at the top of the package, below every layer, so the rules core,
the store and the use cases can all raise refusals, and the GUI and the
command line can catch them without importing the store.
"""

from __future__ import annotations


class Refusal(Exception):
    """An action refused in the user's terms; ``message`` is shown to them as is.

    Subclasses keep their older base as well (``ValueError``, ``LookupError``,
    ``OSError``), so code that caught those still does.
    """

    @property
    def message(self) -> str:
        """The one line for the user (the exception's text unless set)."""
        return str(self.__dict__.get("_message") or self)

    @message.setter
    def message(self, value: str) -> None:
        self.__dict__["_message"] = value
