"""Adapters to other frameworks: OpenSpiel (``wintergames.rl.openspiel``)."""
