"""Use cases: one keyword-only function per user action, one transaction each.

The GUI and the command line both call these; each returns a Changes value
saying what it changed so views refresh only what they must.
"""
