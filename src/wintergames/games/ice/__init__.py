"""ICE (Second Edition, This Way): excavate layer by layer into the frozen Valley of the Nuukas; 1-5 players."""
