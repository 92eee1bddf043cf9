"""The desktop app: thin Qt views over the application functions (ui.operations, ui.session)."""
