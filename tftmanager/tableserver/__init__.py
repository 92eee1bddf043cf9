"""The table server: each player's character on their own phone, live from the campaign.

A Starlette app over one open campaign (``routes.create_app``), run by uvicorn
from ``tftmanager table-server`` or inside the window (Campaign > Players'
View), where it shares the window's store, lock and journal so the two never
fight over the file.  It sits beside the GUI and the command line: every
page reads, and every action writes, through the same ``app`` functions.
"""
