"""What people type (seat names, chat messages): one line of text that shows something.

Shown by every client only as text, but a line break, a bidi control or a character
that is not text at all could still break a line or reorder what is shown around it;
joiners stay, as emoji sequences need them. Names and messages are checked here alike.
"""

from __future__ import annotations

import unicodedata

_JOINERS = {"\u200c", "\u200d"}
_REFUSED = {"Cc", "Cf", "Cs", "Co", "Zl", "Zp"}
# What a text must show at least one of: a letter, a number, a punctuation mark or a
# symbol (not only spaces, joiners or marks, which draw nothing on their own), and not
# the letters and symbol that are drawn blank (Hangul fillers, the empty Braille cell).
_VISIBLE = ("L", "N", "P", "S")
_BLANK = {"\u115f", "\u1160", "\u3164", "\uffa0", "\u2800"}


def refused_char(text: str) -> str | None:
    """The first character of ``text`` no typed line may hold (as ``U+XXXX``), or None.

    >>> refused_char("Ada\\nLovelace"), refused_char("👩\u200d💻")
    ('U+000A', None)
    """
    for char in text:
        if char not in _JOINERS and unicodedata.category(char) in _REFUSED:
            return f"U+{ord(char):04X}"
    return None


def shows_something(text: str) -> bool:
    """Whether ``text`` draws anything: a letter, digit, punctuation mark or symbol.

    >>> shows_something("\u200d"), shows_something("\u3164 "), shows_something("gg")
    (False, False, True)
    """
    return any(char not in _BLANK and unicodedata.category(char).startswith(_VISIBLE)
               for char in text)
