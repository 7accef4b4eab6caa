"""Tests of ICE (Second Edition)."""
