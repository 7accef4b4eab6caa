"""The ``wintergames`` command (typer + rich)."""
