"""How a serving process collects its garbage: seldom, and never through static data.

CPython's cycle collector stops the whole process while it runs, and a full (oldest
generation) collection walks every tracked object: the games' tables, catalogues and
action lists loaded at start (some 120,000 objects) and every table in memory. At 200
busy tables the default thresholds ran 19 full collections in 30 s, each stopping the
server up to 154 ms: most of the warm p99 of action -> view (123 ms; 58 ms tuned).

So the process freezes what exists once it is ready to serve (``gc.freeze``: static,
never scanned again; reference counting still frees it) and lets young objects pile up
longer before a collection (the game code makes few cycles: most of its garbage is
freed by reference counting at once, and a young collection stays a few milliseconds).
Only the ``serve`` process does this: a library user's process is theirs to tune.
"""

from __future__ import annotations

import gc

YOUNG = 20_000  # allocations between young collections (CPython's default: 700)
OLDER = (20, 20)  # young (then middle) collections between older ones (default 10, 10)


def tune_for_serving() -> None:
    """Freeze every object alive now and collect seldom (call once, when ready).

    >>> import subprocess, sys
    >>> code = ("import gc; from wintergames.server.collector import tune_for_serving; "
    ...         "tune_for_serving(); print(gc.get_threshold(), gc.get_freeze_count() > 0)")
    >>> subprocess.run([sys.executable, "-c", code], capture_output=True, text=True).stdout
    '(20000, 20, 20) True\\n'
    """
    gc.collect()  # what is garbage already goes now, not into the frozen set
    gc.freeze()
    gc.set_threshold(YOUNG, *OLDER)
