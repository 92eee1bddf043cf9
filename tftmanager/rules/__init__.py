"""The rules core: every rule of The Fantasy Trip the app knows, as pure functions.

Nothing here imports Qt, SQL or does I/O (an import-linter contract enforces it):
rules data arrives as plain mappings already read from ``resources/`` and the
results are frozen data classes, so the GUI, the command line and the tests all
ask the same questions of the same code.
"""
