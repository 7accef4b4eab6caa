"""Flick physics for dexterity games (ICECOOL Wizards), on pymunk (Chipmunk2D).

``Table`` is the geometry, ``PenguinParams`` the disc model, ``simulate`` runs one
flick and returns a ``FlickResult``. No game rule lives here: the game reads the report.
"""

from wintergames.physics.engine import FlickResult, PenguinParams, launch, simulate
from wintergames.physics.table import Doorway, Region, Table, Wall

__all__ = ["Doorway", "FlickResult", "PenguinParams", "Region", "Table", "Wall", "launch",
           "simulate"]
