"""ICE (Second Edition, This Way): dig layer by layer into the Valley of the Nuukas."""
