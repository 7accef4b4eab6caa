"""Analysis of finished games: the game review (``wintergames.review``).

>>> from wintergames.analysis import Budget, grade
>>> Budget().iterations > 0, grade(0.12, False)
(True, 'mistake')
"""

from wintergames.analysis.review import (
    FLAGGED,
    GRADE_WORDS,
    GRADES,
    THRESHOLDS,
    Judged,
    Move,
    Review,
    assemble,
    choice_steps,
    grade,
    judge,
    judge_steps,
    move_accuracy,
    review,
)
from wintergames.analysis.search import Budget, Value

__all__ = ["FLAGGED", "GRADES", "GRADE_WORDS", "THRESHOLDS", "Budget", "Judged", "Move",
           "Review", "Value", "assemble", "choice_steps", "grade", "judge", "judge_steps",
           "move_accuracy", "review"]
