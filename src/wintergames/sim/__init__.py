"""Many games between bots, for balance and bot strength: ``run_arena`` (and the
``wintergames arena`` / ``wintergames balance`` commands), on a process pool or Ray;
``compare_runs`` (``wintergames compare``) sets two runs of the same games side by side."""

from wintergames.sim.arena import ArenaResult, run_arena
from wintergames.sim.compare import compare_runs
from wintergames.sim.jobs import Job, Outcome, Plan, play
from wintergames.sim.stats import wilson

__all__ = ["ArenaResult", "Job", "Outcome", "Plan", "compare_runs", "play", "run_arena",
           "wilson"]
