"""Terminal play: humans type moves, bots answer, everyone sees only their own view."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from rich.console import Console
from rich.markup import escape
from rich.text import Text

from wintergames.cli.results import result
from wintergames.cli.seats import Seat
from wintergames.core.actions import Action
from wintergames.core.errors import ActionFormatError, WintergamesError
from wintergames.core.events import seat_name
from wintergames.core.spec import GameSpec
from wintergames.core.state import State

MANY_ALIKE = 5  # actions sharing a first word that share one line of the list

PROMPT_HELP = (
    "Type the number of an action or its notation. Other commands: "
    "'help' (notation), 'help TERM' (what a card, effect or piece does), 'rules' (the "
    "rules in brief), 'log' (the whole log, numbered), 'why N' (the rule log line N "
    "applies; 'why RULE' a rule by its id), 'explain N' (what choice N does), 'board' "
    "(redraw), 'quit'."
)


class QuitGame(Exception):  # noqa: N818 - a request, not an error
    """The human asked to stop."""


class TerminalGame:
    """Runs one game in the terminal; ``ask`` reads a line (``input`` by default).

    With several humans at one screen (hot-seat) the screen is cleared and handed over
    before each of them acts, and each sees only the log lines their seat may read, from
    where they left off: nobody sees another's hidden choice or private information.
    """

    def __init__(
        self,
        spec: GameSpec,
        state: State,
        seats: list[Seat],
        console: Console,
        ask: Callable[[str], str],
        plot_dir: Path | None = None,
    ) -> None:
        self.spec = spec
        self.plot_dir = plot_dir
        self.plots = 0
        self.state = state
        self.seats = seats
        self.console = console
        self.ask = ask
        self.humans = [i for i, seat in enumerate(seats) if seat.kind == "human"]
        # Whose eyes the screen shows: the only human, or (hot-seat) the last one handed to.
        self.at_screen: int | None = self.humans[0] if len(self.humans) == 1 else None
        self.shown: dict[int | None, int] = {}  # log lines already printed, per viewer

    def show_new_events(self) -> None:
        viewer = self.at_screen
        for event in self.state.log[self.shown.get(viewer, 0) :]:
            if event.visible(viewer):
                self.console.print(Text("• " + event.text, style="cyan"))
        self.shown[viewer] = len(self.state.log)

    def hand_over(self, player: int) -> None:
        """Hot-seat: clear the screen and wait until ``player`` alone is looking."""
        if len(self.humans) < 2 or self.at_screen == player:
            return
        self.console.clear()
        self.console.rule(f"Hand the screen to {seat_name(player)}")
        self.ask(f"{seat_name(player)}, press Enter when only you can see the screen ")
        self.console.clear()
        self.at_screen = player

    def maybe_plot(self) -> None:
        """With ``--plot``: a PNG after each action worth a picture (a flick)."""
        spec, history = self.spec, self.state.history
        if self.plot_dir is None or spec.plot is None or not history:
            return
        if history[-1][1].kind not in spec.plot_after:
            return
        self.plots += 1
        path = self.plot_dir / f"{spec.id}-{len(history):04d}.png"
        spec.plot(self.state, path)
        self.console.print(f"[dim]Picture: {path}[/]")

    def draw(self, player: int | None) -> None:
        if self.spec.render is not None:
            self.console.print(self.spec.render(self.state, player))

    def run(self) -> State:
        # What the bots did is printed under the board a person's turn draws, just above
        # their choices (printed as it happened, the board pushed it off the screen); what
        # a person did, and everything in a game of bots alone, as it happens.
        live = not self.humans
        if live:
            self.show_new_events()
        while not self.state.is_over:
            player = self.state.to_move[0]
            seat = self.seats[player]
            if seat.bot is not None:
                hidden = self.state.simultaneous
                action = seat.bot.choose(self.state, player)
                self.state.apply(action, player)
                what = "has chosen (hidden until everyone has)" if hidden else f"plays {action}"
                self.console.print(f"[bold]{seat_name(player)}[/] ({seat.kind}) {what}",
                                   style="dim")
            else:
                self.hand_over(player)
                self.human_turn(player)
            if live or seat.bot is None:
                self.show_new_events()
            self.maybe_plot()
        self.show_new_events()
        self.console.rule("Game over")
        self.draw(None)
        self.console.print(result(self.spec, self.state, [seat.label for seat in self.seats]))
        return self.state

    def explain(self, term: str | None) -> None:
        """``rules`` (``term`` None): the game's summary; ``help TERM``: one thing."""
        rules = self.spec.rules_help
        if rules is None:
            self.console.print(f"[red]{escape(self.spec.title)} has no rules summary yet.[/]")
            return
        if term is None:
            for title, text in rules.summary:
                self.console.print(f"[bold]{escape(title)}[/]\n{escape(text)}\n")
            self.console.print(f"[dim]Interpretations of unclear passages: docs/rules/"
                               f"{self.spec.id}.md in the wintergames source.[/]")
            return
        try:
            self.console.print(escape(rules.explain(term)))
        except WintergamesError as err:
            self.console.print(f"[red]{escape(str(err))}[/]")

    def why(self, asked: str, player: int) -> None:
        """``why N``: the rule passage log line N (as 'log' numbers them) applies; ``why
        RULE``: the passage of that id."""
        rules = self.spec.rules
        if rules is None:
            self.console.print(f"[red]{escape(self.spec.title)} names no rules yet.[/]")
            return
        lines = self.state.events_for(player)
        if asked.isdigit():
            if not 1 <= int(asked) <= len(lines):
                self.console.print(f"[red]The log has lines 1 to {len(lines)}; 'log' numbers "
                                   "them.[/]")
                return
            event = lines[int(asked) - 1]
            if event.rule is None:
                self.console.print("[red]That line names no rule.[/]")
                return
            self.console.print(Text(event.text, style="cyan"))
            asked = event.rule
        try:
            self.console.print(escape(rules.why(asked or "?").explained()))
        except WintergamesError as err:
            self.console.print(f"[red]{escape(str(err))}; 'why N' takes a log line's number.[/]")

    def rule_named(self, err: WintergamesError) -> str:
        """" (rule turn.reach: The floes you can reach; 'why turn.reach' says it)" for a
        refusal that names a rule of the game, else nothing."""
        rule = getattr(err, "rule", None)
        if rule is None or self.spec.rules is None or rule not in self.spec.rules:
            return ""
        return f" (rule {rule}: {self.spec.rules[rule].title}; 'why {rule}' says it)"

    def human_turn(self, player: int) -> None:
        self.console.rule(f"{seat_name(player)} to move")
        self.draw(player)
        self.show_new_events()
        actions = self.state.legal_actions(player)
        self.show_decision(player, actions)
        while True:
            line = self.ask(f"{seat_name(player)}> ").strip()
            if not line and len(actions) == 1:
                line = "1"  # the only choice: Enter takes it
            if not line:
                # Several choices: an empty line takes none, and says what would.
                self.console.print(f"Type a number from 1 to {len(actions)} or a move's "
                                   "notation ('board' shows the choices again, 'help' the "
                                   "notation).")
                continue
            word = line.lower()
            if word in ("quit", "exit"):
                raise QuitGame
            if word == "help":
                self.console.print(PROMPT_HELP + "\n" + self.spec.notation_help)
                continue
            if word == "rules" or word.startswith("help "):
                self.explain(line.strip()[5:] if word != "rules" else None)
                continue
            if word == "board":
                self.draw(player)
                self.show_decision(player, actions)
                continue
            if word == "log":
                for number, event in enumerate(self.state.events_for(player), 1):
                    self.console.print(Text(f"{number:>4} {event.text}"))
                continue
            if word.startswith("explain "):
                self.explain_choice(line.strip()[8:].strip(), player)
                continue
            if word == "why" or word.startswith("why "):
                self.why(line.strip()[4:].strip(), player)
                continue
            try:
                action = self.read_action(line, actions)
                self.state.apply(action, player)
            except WintergamesError as err:
                # the message quotes the typed line, which may look like rich markup
                self.console.print(f"[red]Not possible:[/] {escape(refusal(err))}"
                                   f"{escape(self.rule_named(err))}")
                continue
            return

    def read_action(self, line: str, actions: list[Action]) -> Action:
        if line.isdigit():
            index = int(line)
            if not 1 <= index <= len(actions):
                raise ActionFormatError(f"choose a number from 1 to {len(actions)}")
            return actions[index - 1]
        return self.spec.parse_action(line)

    def show_decision(self, player: int, actions: list[Action]) -> None:
        """The game's prompt and its choices' labels, as the browser shows them; a game
        that states none yet gets its actions' notations."""
        decision = self.state.decision(player)
        choices = self.state.choices(player)
        if decision is None or any(choice is None for _, choice in choices):
            self.list_actions(actions)
            return
        limits = [p.text for p in (decision.cost, decision.limit) if p is not None]
        self.console.print(Text(decision.prompt.text + (f" ({'; '.join(limits)})" if limits
                                                        else ""), style="bold"))
        groups: dict[str, list[str]] = {}
        sampled: dict[str, list[int]] = {}
        for i, (action, choice) in enumerate(choices, 1):
            assert choice is not None  # checked above
            if action.kind in self.spec.sampled_kinds:  # a grid of a continuous range
                sampled.setdefault(action.kind, []).append(i)
                continue
            head = "" if choice.group is None else choice.group.text
            groups.setdefault(head, []).append(f"[bold]{i}[/] {escape(choice.label.text)}")
        for head, items in groups.items():
            if head:
                self.console.print(f"  [cyan]{escape(head)}:[/] " + " · ".join(items),
                                   highlight=False)
            else:
                for item in items:
                    self.console.print("  " + item, highlight=False)
        self.print_sampled(sampled, [action for action, _ in choices])
        self.console.print("[dim]Number or notation; 'explain N' says what a choice does; "
                           "'help' explains.[/]" if len(actions) > 1 else
                           "[dim]The only choice: press Enter to take it.[/]")

    def explain_choice(self, asked: str, player: int) -> None:
        """``explain N``: what choice N does, its cost included, and the rule it applies."""
        choices = self.state.choices(player)
        if not asked.isdigit() or not 1 <= int(asked) <= len(choices):
            self.console.print(f"[red]'explain N' takes a choice's number, 1 to {len(choices)}.[/]")
            return
        action, choice = choices[int(asked) - 1]
        if choice is None:
            self.console.print(f"{escape(str(action))}: {self.spec.title} explains no choice yet.")
            return
        self.console.print(Text(f"{action}: {choice.explain.text} (rule {choice.explain.rule})"))

    def list_actions(self, actions: list[Action]) -> None:
        """Numbered actions; those sharing a notation prefix ("r1-") share a line.

        Kinds that only sample a continuous range (a flick grid) are one line with the
        numbers they cover and an example, since any in-range value may be typed.
        """
        groups: dict[str, list[str]] = {}
        sampled: dict[str, list[int]] = {}
        # a word many actions start with ("camp T1" ... "camp T48") heads one line of them
        words = Counter(str(a).split(" ", 1)[0] for a in actions if " " in str(a))
        for i, action in enumerate(actions, 1):
            if action.kind in self.spec.sampled_kinds:
                sampled.setdefault(action.kind, []).append(i)
                continue
            text = str(action)
            head, dash, tail = text.partition("-")
            word, space, rest = text.partition(" ")
            # "r1-c3": a one-word head names the piece moved; "cast F-wind" is one action.
            if dash and " " not in head:
                key, item = head + dash, tail
            elif space and words[word] >= MANY_ALIKE:
                key, item = word, rest.replace(" ", "\u00a0")  # a line breaks between items
            else:
                key, item = "", f" {text}"
            groups.setdefault(key, []).append(f"[bold]{i}[/]:{item}")
        for key, items in groups.items():
            if key:
                self.console.print(f"  [cyan]{escape(key)}[/] " + "  ".join(items),
                                   highlight=False)
            else:
                for item in items:
                    self.console.print("  " + item, highlight=False)
        self.print_sampled(sampled, actions)
        if len(actions) == 1:
            self.console.print("[dim]The only choice: press Enter to take it.[/]")
        else:
            self.console.print("[dim]Number or notation; 'help' explains.[/]")

    def print_sampled(self, sampled: dict[str, list[int]], actions: list[Action]) -> None:
        """One line for each kind that only samples a continuous range (ICECOOL's grid of
        288 flicks): the numbers it covers and an example, since any in-range value may
        be typed; a hundred lines of grid points would bury the other choices."""
        for kind, numbers in sampled.items():
            example = actions[numbers[0] - 1]
            self.console.print(
                f"  [bold]{numbers[0]}-{numbers[-1]}[/]: {len(numbers)} listed {kind} choices; "
                f"any in-range one may be typed, e.g. [cyan]{example}[/]",
                highlight=False,
            )


def refusal(err: WintergamesError) -> str:
    """What the prompt says to a refused line: a line the notation cannot read is told so
    in one line, as the whole notation (the message's further lines) is one 'help' away.

    >>> refusal(ActionFormatError("cannot read 'zz' as a Winter Queen action.\\nnotation"))
    "cannot read 'zz' as a Winter Queen action. Type 'help' for the notation."
    """
    first, more, _ = str(err).partition("\n")
    if more and isinstance(err, ActionFormatError):
        return f"{first} Type 'help' for the notation."
    return str(err)


def save_record(state: State, seats: list[Seat], path: Path) -> None:
    record = state.record()
    record["seats"] = [seat.label for seat in seats]
    path.write_text(json.dumps(record, indent=1))
