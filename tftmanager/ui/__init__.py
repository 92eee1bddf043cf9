"""The desktop app: thin Qt views and undo commands over the application functions."""
