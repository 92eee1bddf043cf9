"""The desktop player's side of the table server: a link, the view as data, the connection.

A player holds no campaign and no database login: their window joins the
table server by the GM's invitation link, as their phone does, and speaks
only its HTTP API (``/p/{secret}/events.json``, ``view.json``, ``act``).
This package knows no rule, no store and no Qt (import-linter keeps it so):
what the card says and what the player may do come from the server's
answers; ``ui.player_window`` draws them.
"""
