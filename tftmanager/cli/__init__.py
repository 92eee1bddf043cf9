"""The command line: the same application functions as the GUI, for scripts."""
