"""``python -m wintergames ...`` runs the ``wintergames`` command (for when the script
is not on PATH, e.g. a venv that is not activated)."""

from wintergames.cli.main import app

app(prog_name="wintergames")
