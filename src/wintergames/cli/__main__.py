"""``python -m wintergames.cli`` runs the ``wintergames`` command."""

from wintergames.cli.main import app

app()
