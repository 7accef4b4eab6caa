"""Game folders as layers (issue 38, item 5).

Inside one `games/<game>/` folder the modules form layers (data → state → mechanics →
phases → rules → views): a module imports only modules below it. Read from the source
with `ast` (nothing is imported), the imports between modules of one folder must form
no cycle, and no function may import a module of its own folder: such an import runs
only when called, so it hides a cycle the module-level graph would show. Imports inside
`if TYPE_CHECKING:` are for the type checker only and are left out.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

import pytest

GAMES_DIR = Path(__file__).resolve().parents[2] / "src" / "wintergames" / "games"
GAMES = sorted(p.name for p in GAMES_DIR.iterdir() if (p / "__init__.py").is_file())

# Function-level imports of the game's own modules that stay, each with its reason:
# (game, importing module, imported module) -> why. They must close no cycle.
ALLOWED_LAZY: dict[tuple[str, str, str], str] = {
    ("icecool_wizards", "__init__", "plot"):
        "plot imports matplotlib, 0.7 s at import; only save_png needs it",
}


@dataclass(frozen=True)
class Import:
    """One import of a module of the same game folder."""

    source: str  # importing module ("__init__" for the package)
    target: str  # imported module
    line: int
    in_function: bool


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


Statement = ast.Import | ast.ImportFrom  # one import statement
Scope = ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda  # runs only when called


def _walk(node: ast.AST, in_function: bool = False) -> Iterator[tuple[Statement, bool]]:
    """Every import node under `node` that runs, with whether a function holds it."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, Statement):
            yield child, in_function
        elif isinstance(child, ast.If) and _is_type_checking(child.test):
            # Only the else branch runs.
            yield from _walk(ast.Module(body=child.orelse, type_ignores=[]), in_function)
        else:
            yield from _walk(child, in_function or isinstance(child, Scope))


def _targets(node: Statement, package: str, modules: set[str]) -> list[str]:
    """The modules of `package`'s folder that one import statement loads."""
    def resolve(dotted: str, names: list[str]) -> list[str]:
        # dotted is relative to the package: "" is the package itself.
        if dotted == "":
            subs = [n for n in names if n in modules and n != "__init__"]
            rest = [n for n in names if n not in subs]
            return subs + (["__init__"] if rest else [])
        head = dotted.split(".")[0]
        return [head] if head in modules else []

    if isinstance(node, ast.Import):
        found: list[str] = []
        for alias in node.names:
            if alias.name == package:
                found.append("__init__")
            elif alias.name.startswith(package + "."):
                found += resolve(alias.name[len(package) + 1:], [])
        return found
    names = [alias.name for alias in node.names]
    if node.level == 1:
        return resolve(node.module or "", names)
    if node.level == 0 and node.module is not None:
        if node.module == package:
            return resolve("", names)
        if node.module.startswith(package + "."):
            return resolve(node.module[len(package) + 1:], names)
    return []  # another package, or above the game folder


def game_imports(folder: Path) -> list[Import]:
    """Every import between modules of one game folder, read from the source."""
    package = f"wintergames.games.{folder.name}"
    modules = {p.stem for p in folder.glob("*.py")}
    found = []
    for path in sorted(folder.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node, in_function in _walk(tree):
            found += [Import(path.stem, target, node.lineno, in_function)
                      for target in _targets(node, package, modules)
                      if target != path.stem]
    return found


def find_cycle(graph: Mapping[str, set[str]]) -> list[str] | None:
    """One cycle of the graph as [a, b, ..., a], or None when it has none."""
    done: set[str] = set()
    path: list[str] = []
    on_path: set[str] = set()

    def visit(node: str) -> list[str] | None:
        path.append(node)
        on_path.add(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt in on_path:
                return [*path[path.index(nxt):], nxt]
            if nxt not in done:
                cycle = visit(nxt)
                if cycle:
                    return cycle
        path.pop()
        on_path.discard(node)
        done.add(node)
        return None

    for start in sorted(graph):
        if start not in done:
            cycle = visit(start)
            if cycle:
                return cycle
    return None


def runtime_graph(imports: list[Import]) -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for imp in imports:
        if not imp.in_function:
            graph.setdefault(imp.source, set()).add(imp.target)
    return graph


def test_the_cycle_finder_finds_a_cycle_and_only_a_cycle() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"x": {"a"}, "a": {"b"}, "b": {"c", "d"}, "d": {"b"}}) == [
        "b", "d", "b"]
    assert find_cycle({"a": {"b", "c"}, "b": {"c"}, "c": set()}) is None  # a diamond
    assert find_cycle({}) is None


def test_the_reader_resolves_every_form_of_import(tmp_path: Path) -> None:
    folder = tmp_path / "demo"
    folder.mkdir()
    for name in ("state", "rules", "plot", "observe"):
        (folder / f"{name}.py").write_text("")
    (folder / "__init__.py").write_text(
        "from . import rules\nfrom .state import State\nimport numpy\n"
        "def save() -> None:\n    from .plot import draw\n    import matplotlib\n")
    (folder / "observe.py").write_text(
        "from typing import TYPE_CHECKING\n"
        "from wintergames.games.demo import SPEC\n"
        "from wintergames.games.demo.state import State\n"
        "import wintergames.games.demo.rules\n"
        "if TYPE_CHECKING:\n    from .plot import draw\nelse:\n    from . import plot\n")
    edges = {(i.source, i.target, i.in_function) for i in game_imports(folder)}
    assert edges == {
        ("__init__", "rules", False), ("__init__", "state", False),
        ("__init__", "plot", True),
        ("observe", "__init__", False), ("observe", "state", False),
        ("observe", "rules", False), ("observe", "plot", False)}


@pytest.mark.parametrize("game", GAMES)
def test_a_game_folder_has_no_import_cycle(game: str) -> None:
    cycle = find_cycle(runtime_graph(game_imports(GAMES_DIR / game)))
    assert cycle is None, f"{game}: import cycle " + " -> ".join(cycle)


@pytest.mark.parametrize("game", GAMES)
def test_no_function_imports_a_module_of_its_own_game(game: str) -> None:
    lazy = [imp for imp in game_imports(GAMES_DIR / game) if imp.in_function]
    hidden = [f"{game}/{imp.source}.py:{imp.line} imports {imp.target}" for imp in lazy
              if (game, imp.source, imp.target) not in ALLOWED_LAZY]
    assert not hidden, "function-level imports hide the layering:\n" + "\n".join(hidden)


@pytest.mark.parametrize("entry", sorted(ALLOWED_LAZY))
def test_an_allowed_lazy_import_closes_no_cycle(entry: tuple[str, str, str]) -> None:
    game, source, target = entry
    graph = runtime_graph(game_imports(GAMES_DIR / game))
    graph.setdefault(source, set()).add(target)
    cycle = find_cycle(graph)
    assert cycle is None, f"{game}: import cycle " + " -> ".join(cycle)


def test_every_listed_lazy_import_still_exists() -> None:
    seen = {(game, imp.source, imp.target) for game in GAMES
            for imp in game_imports(GAMES_DIR / game) if imp.in_function}
    listed = set(ALLOWED_LAZY)
    assert listed <= seen, f"no longer imported in a function: {sorted(listed - seen)}"
