"""The dependency rules between the parts, read from the source, and no
module-level ``random`` under the games.

Every module's imports are read with ``ast`` -- module level, function bodies
and ``if TYPE_CHECKING:`` blocks alike -- and each arrow is checked against
the rules below. A failure names the file, the line and the arrow.

- ``tabletop.app`` (and ``__main__``) may import anything: it is where the ui,
  the games and the core meet.
- ``tabletop.core`` imports only ``tabletop.core``.
- ``tabletop.ui`` imports ``tabletop.ui`` and ``tabletop.core``: no game, not
  the registry, not ``tabletop.app``.
- the registry ``tabletop.games`` imports the core and the games' packages,
  never a scene (scenes are loaded lazily, by name).
- in a game package ``<g>``: the scene (``scene.py``, the ``scene_*.py``
  modules it is split into, or a ``scene/`` package), its ``table/`` and its
  ``lesson.py`` and ``lesson_*.py`` (the lessons' checks, which also drive the
  table as a person would) import the ui, the core and its own game's modules; ``bot.py``
  its own rules and pure modules and the core; ``rules.py`` and every other
  pure module the core and its own pure modules (never its bot, scene or
  package ``__init__``). No game imports another game, the registry or the app.
- pygame is imported by nothing under ``tabletop.core``, nor by the registry,
  nor by any module of a game package except its scene -- not even inside a
  function.
- no import cycle among these modules, function-level imports included.
  Imports under ``if TYPE_CHECKING:`` are checked against the rules above but
  are not part of a cycle: they never run.

Test-only games (a package under ``tests/`` with a ``rules.py``, such as
``tests/nimgame``) are held to the same rules as the games under
``tabletop/games``.

A shipped game's package ``__init__`` and its ``info`` module are what the
registry imports at start-up: at module level they import only the standard
library, the core and the game's own ``info`` (its entry names the rest as
``"module:attr"`` paths; ``info`` may import its game's pure modules inside
a function, when a bound is asked for). tests/test_startup.py checks the
same at run time.
"""

from __future__ import annotations

import ast
import functools
import os
import shutil
import subprocess
import sys
import textwrap
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


# -- reading the imports ---------------------------------------------------------


@dataclass(frozen=True)
class Arrow:
    """One import: ``source`` imports ``target`` at ``path``:``line``."""

    path: str  # relative to the root, with forward slashes
    line: int
    source: str
    target: str
    typing_only: bool

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.source} -> {self.target}"


def game_packages_in_tests(root: Path) -> list[Path]:
    """Folders under tests/ that hold a game (a package with a rules.py)."""
    tests = root / "tests"
    return sorted(
        p.parent for p in tests.glob("*/rules.py") if (p.parent / "__init__.py").is_file()
    )


def module_files(root: Path) -> dict[str, Path]:
    """Every module the rules speak of: the ``tabletop`` package and the
    test-only games, by dotted name."""
    files: dict[str, Path] = {}
    folders = [root / "tabletop", *game_packages_in_tests(root)]
    for folder in folders:
        for path in sorted(folder.rglob("*.py")):
            rel = path.relative_to(root).with_suffix("")
            parts = rel.parts[:-1] if rel.name == "__init__" else rel.parts
            files[".".join(parts)] = path
    return files


def _typing_only_nodes(tree: ast.AST) -> set[int]:
    """ids of the nodes inside ``if TYPE_CHECKING:`` bodies."""
    found: set[int] = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.If):
            continue
        test = node.test
        name = test.id if isinstance(test, ast.Name) else getattr(test, "attr", None)
        if name == "TYPE_CHECKING":
            for child in node.body:
                found.update(id(n) for n in ast.walk(child))
    return found


def _package_of(module: str, path: Path) -> str:
    return module if path.name == "__init__.py" else module.rpartition(".")[0]


def arrows_of(module: str, path: Path, root: Path, known: Iterable[str]) -> list[Arrow]:
    """Every import in the file, wherever it is written, resolved to the module
    it loads (``from a import b`` is ``a.b`` when that is a module, else ``a``)."""
    rel = path.relative_to(root).as_posix()
    return list(_arrows(module, rel, path.read_text("utf-8"), frozenset(known)))


def _parsed(source: str, filename: str) -> ast.Module:
    """One parse per text: the scans of the tree and the random check read the
    same files (the trees are only walked, never changed)."""
    try:
        return _tree(source)
    except SyntaxError:
        return ast.parse(source, filename)  # raises again, naming the file


@functools.cache
def _tree(source: str) -> ast.Module:
    return ast.parse(source)


@functools.cache
def _arrows(module: str, rel: str, source: str, known: frozenset[str]) -> tuple[Arrow, ...]:
    """:func:`arrows_of` for one text, worked out once per test process (the
    scans of the tree read the same files; the copy in the test of the scan
    changes five)."""
    tree = _parsed(source, rel)
    typing_only = _typing_only_nodes(tree)
    found: list[Arrow] = []
    for node in ast.walk(tree):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                package = _package_of(module, Path(rel)).split(".")
                package = package[: len(package) - (node.level - 1)]
                base = ".".join(package + ([base] if base else []))
            for alias in node.names:
                candidate = f"{base}.{alias.name}"
                targets.append(candidate if candidate in known else base)
        for target in targets:
            if target != module:
                found.append(Arrow(rel, node.lineno, module, target, id(node) in typing_only))
    return tuple(sorted(set(found), key=lambda a: (a.path, a.line, a.target)))


# -- the rules ----------------------------------------------------------------------


@dataclass(frozen=True)
class Place:
    """Where a module sits: its layer, and for a game module its game and part."""

    layer: str  # package, app, core, ui, registry, game, outside
    game: str = ""
    part: str = ""  # scene, bot, rules, init, pure


def place_of(module: str, test_games: Iterable[str]) -> Place:
    parts = module.split(".")
    if module == "tabletop":
        return Place("package")
    if module in ("tabletop.app", "tabletop.__main__"):
        return Place("app")
    if parts[:2] == ["tabletop", "core"]:
        return Place("core")
    if parts[:2] == ["tabletop", "ui"]:
        return Place("ui")
    if module == "tabletop.games":
        return Place("registry")
    if parts[:2] == ["tabletop", "games"]:
        game, rest = ".".join(parts[:3]), parts[3:]
    else:
        game = next((g for g in test_games if module == g or module.startswith(g + ".")), "")
        if not game:
            return Place("outside")
        rest = module[len(game) + 1 :].split(".") if module != game else []
    if not rest:
        return Place("game", game, "init")
    if rest[0] in ("scene", "table", "lesson") or rest[0].startswith(("scene_", "lesson_")):
        return Place("game", game, "scene")
    part = rest[0] if rest[0] in ("bot", "rules") else "pure"
    return Place("game", game, part)


PYGAME_FREE = "nothing under core, the registry or a game's pure modules imports pygame"


def broken_rule(source: Place, target: Place, target_name: str) -> str | None:
    """Why the arrow ``source -> target`` is ruled out, or None if it is allowed."""
    if target_name == "pygame" or target_name.startswith("pygame."):
        pure = source.layer in ("core", "registry") or (
            source.layer == "game" and source.part != "scene"
        )
        return PYGAME_FREE if pure else None
    if target.layer == "outside" or source.layer in ("app", "outside"):
        return None
    if target.layer == "package":
        return None
    if source.layer == "package":
        return "the tabletop package imports nothing of its own"
    if source.layer == "core":
        return None if target.layer == "core" else "core imports only core"
    if source.layer == "ui":
        if target.layer in ("ui", "core"):
            return None
        if target.layer == "app":
            return "the ui never imports the app (the app imports the ui)"
        return "the ui imports no game and not the registry (the app hands it the games)"
    if source.layer == "registry":
        if target.layer == "core" or (target.layer == "game" and target.part != "scene"):
            return None
        if target.layer == "game":
            return "the registry names scenes as 'module:attr' and never imports them"
        return "the registry imports only the core and the games"
    # source is a game module
    if target.layer == "core":
        return None
    if target.layer == "ui":
        return None if source.part == "scene" else "only a game's scene imports the ui"
    if target.layer != "game" or target.game != source.game:
        return "a game imports only the core, the ui (its scene) and its own modules"
    if source.part == "scene":
        return None
    if target.part == "scene":
        return "only the ui may import a game's scene: its pure modules never do"
    if source.part == "init":
        return None
    if source.part == "bot":
        return None if target.part != "init" else "a bot imports its rules and pure modules"
    if target.part in ("bot", "init"):
        return "rules and pure modules import the core and their own pure modules only"
    return None


@dataclass
class Scan:
    arrows: list[Arrow]
    places: dict[str, Place]

    def violations(self) -> list[str]:
        out = []
        for a in self.arrows:
            why = broken_rule(
                self.places[a.source], self.places.get(a.target, Place("outside")), a.target
            )
            if why is not None:
                out.append(f"{a}  ({why})")
        return out

    def cycles(self, typing: bool = False, known: Sequence[frozenset[str]] = ()) -> list[str]:
        """Each import cycle among the modules (one per strongly connected
        group), as the arrows that close it; ``typing``: the imports only a
        type checker reads count too. A group in ``known`` is left out."""
        edges: dict[str, dict[str, Arrow]] = {m: {} for m in self.places}
        for a in self.arrows:
            if (typing or not a.typing_only) and a.target in self.places:
                edges[a.source].setdefault(a.target, a)
        out = []
        for group in _strongly_connected(edges):
            if len(group) < 2 or frozenset(group) in known:
                continue
            cycle = _a_cycle(edges, group)
            out.append("cycle: " + "; ".join(str(a) for a in cycle))
        return out


def scan(root: Path) -> Scan:
    files = module_files(root)
    test_games = [".".join(p.relative_to(root).parts) for p in game_packages_in_tests(root)]
    places = {m: place_of(m, test_games) for m in files}
    arrows = [a for m, p in files.items() for a in arrows_of(m, p, root, files)]
    return Scan(arrows, places)


def _strongly_connected(edges: dict[str, dict[str, Arrow]]) -> list[list[str]]:
    """Tarjan's algorithm, iteratively."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []
    for start in sorted(edges):
        if start in index:
            continue
        work: list[tuple[str, Iterator[str]]] = [(start, iter(sorted(edges[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    m = stack.pop()
                    on_stack.discard(m)
                    group.append(m)
                    if m == node:
                        break
                groups.append(sorted(group))
    return groups


def _a_cycle(edges: dict[str, dict[str, Arrow]], group: list[str]) -> list[Arrow]:
    """A shortest cycle through the group's first module (breadth first)."""
    members = set(group)
    start = group[0]
    came: dict[str, Arrow] = {}
    frontier = [start]
    while frontier:
        nxt = []
        for node in frontier:
            for child, arrow in sorted(edges[node].items()):
                if child not in members or child in came:
                    continue
                came[child] = arrow
                if child == start:
                    path = [arrow]
                    while path[0].source != start:
                        path.insert(0, came[path[0].source])
                    return path
                nxt.append(child)
        frontier = nxt
    raise AssertionError(f"no cycle found in {group}")


# -- the tests ------------------------------------------------------------------------


def test_every_arrow_follows_the_dependency_rules() -> None:
    result = scan(ROOT)
    assert {"tabletop.core.session", "tabletop.ui.flow", "tests.nimgame.rules"} <= set(
        result.places
    )
    assert any(a.target == "pygame" for a in result.arrows)
    bad = result.violations()
    assert not bad, "imports against the dependency rules:\n" + "\n".join(bad)


#: import cycles that run through TYPE_CHECKING blocks only: none is known
#: (each game's table is a package over the table contract, which has none)
KNOWN_TYPING_CYCLES: tuple[frozenset[str], ...] = ()


def test_no_import_cycle() -> None:
    cycles = scan(ROOT).cycles()
    assert not cycles, "import cycles:\n" + "\n".join(cycles)


def test_no_import_cycle_even_for_the_type_checker() -> None:
    """TYPE_CHECKING imports count too: a cycle the type checker reads is a
    design that needs each side to know the other."""
    cycles = scan(ROOT).cycles(typing=True, known=KNOWN_TYPING_CYCLES)
    assert not cycles, "import cycles (TYPE_CHECKING included):\n" + "\n".join(cycles)


def copy_tree(dest: Path) -> Path:
    """The Python files the scan reads, copied under ``dest``."""
    for folder in [ROOT / "tabletop", *game_packages_in_tests(ROOT)]:
        for path in folder.rglob("*.py"):
            target = dest / path.relative_to(ROOT)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, target)
    (dest / "tests" / "__init__.py").write_text("", "utf-8")
    return dest


def append(path: Path, text: str) -> int:
    """Add ``text`` at the end of ``path``; the line number where it starts."""
    old = path.read_text("utf-8")
    path.write_text(old + textwrap.dedent(text), "utf-8")
    return old.count("\n") + 1


def test_the_scan_catches_each_kind_of_wrong_arrow(tmp_path: Path) -> None:
    """A copy of the tree, each rule broken once: the scan names file, line
    and arrow for every one (the registry in core, pygame inside a rules
    function, a game in the ui, the app from the ui for types only, a cycle
    closed inside a function)."""
    root = copy_tree(tmp_path)
    rng = append(root / "tabletop/core/rng.py", "from tabletop.games import REGISTRY\n")
    rules = append(
        root / "tabletop/games/etuc/rules.py",
        """
        def _draw() -> None:
            import pygame
        """,
    )
    ui = append(root / "tabletop/ui/theme.py", "from tabletop.games.etuc import rules\n")
    typed = append(
        root / "tabletop/ui/widgets.py",
        """
        from typing import TYPE_CHECKING
        if TYPE_CHECKING:
            from tabletop.app import App
        """,
    )
    loop = append(
        root / "tabletop/ui/flow.py",
        """
        def _frame() -> None:
            from tabletop.ui.gamescene import GameScene
        """,
    )
    result = scan(root)
    bad = "\n".join(result.violations())
    assert (
        f"tabletop/core/rng.py:{rng}: tabletop.core.rng -> tabletop.games  (core imports only core)"
        in bad
    )
    assert f"tabletop/games/etuc/rules.py:{rules + 2}: tabletop.games.etuc.rules -> pygame" in bad
    assert f"tabletop/ui/theme.py:{ui}: tabletop.ui.theme -> tabletop.games.etuc.rules" in bad
    assert f"tabletop/ui/widgets.py:{typed + 3}: tabletop.ui.widgets -> tabletop.app" in bad
    assert len(result.violations()) == 4, bad
    cycles = "\n".join(result.cycles())
    assert f"tabletop/ui/flow.py:{loop + 2}: tabletop.ui.flow -> tabletop.ui.gamescene" in cycles
    assert "tabletop.ui.gamescene -> tabletop.ui.flow" in cycles
    # the registry put into core closes a cycle too: games -> etuc -> core -> games
    assert f"tabletop/core/rng.py:{rng}: tabletop.core.rng -> tabletop.games" in cycles


@pytest.mark.parametrize(
    ("source", "target", "allowed"),
    [
        ("tabletop.app", "tabletop.games", True),
        ("tabletop.app", "tabletop.games.etuc.scene", True),
        ("tabletop.core.session", "tabletop.games", False),
        ("tabletop.core.session", "tabletop.ui.scene", False),
        ("tabletop.core.session", "tabletop.app", False),
        ("tabletop.core.session", "pygame", False),
        ("tabletop.ui.menus", "tabletop.games", False),
        ("tabletop.ui.menus", "tabletop.app", False),
        ("tabletop.ui.menus", "pygame", True),
        ("tabletop.games", "tabletop.games.etuc", True),
        ("tabletop.games", "tabletop.games.etuc.scene", False),
        ("tabletop.games.etuc.scene", "tabletop.ui.gamescene", True),
        ("tabletop.games.etuc.scene", "tabletop.games.etuc.rules", True),
        ("tabletop.games.etuc.scene", "tabletop.games.planepita.rules", False),
        ("tabletop.games.etuc.scene", "pygame", True),
        ("tabletop.games.etuc.table.paint", "pygame", True),
        ("tabletop.games.etuc.table.picture", "tabletop.ui.table", True),
        ("tabletop.games", "tabletop.games.etuc.table", False),
        ("tabletop.games.etuc.rules", "tabletop.games.etuc.table.looks", False),
        ("tabletop.games.etuc.bot", "tabletop.games.etuc.table", False),
        ("tabletop.games.planepita.table.aim", "pygame", True),
        ("tabletop.games.planepita.table.paint", "pygame", True),
        ("tabletop.games.planepita.table.paint", "tabletop.ui.theme", True),
        ("tabletop.games.planepita.aim", "tabletop.games.planepita.table.paint", False),
        ("tabletop.games.planepita.scenery", "pygame", False),
        ("tabletop.games.etuc.bot", "tabletop.games.etuc.rules", True),
        ("tabletop.games.etuc.bot", "tabletop.core.bots", True),
        ("tabletop.games.etuc.bot", "tabletop.ui.theme", False),
        ("tabletop.games.etuc.bot", "tabletop.games.etuc.scene", False),
        ("tabletop.games.etuc.rules", "tabletop.games.etuc.bot", False),
        ("tabletop.games.etuc.rules", "tabletop.games", False),
        ("tabletop.games.planepita.rules", "tabletop.games.planepita.physics", True),
        ("tabletop.games.planepita.model", "tabletop.games.planepita.bot", False),
        ("tabletop.games.planepita.physics", "pygame", False),
        ("tabletop.games.planepita", "tabletop.games.planepita.bot", True),
        ("tabletop.games.planepita", "pygame", False),
        ("tests.nimgame.rules", "tabletop.core.game", True),
        ("tests.nimgame.rules", "pygame", False),
        ("tests.nimgame.scene", "tabletop.ui.gamescene", True),
        ("tests.nimgame.bot", "tabletop.games.etuc.rules", False),
    ],
)
def test_the_rules_one_arrow_at_a_time(source: str, target: str, allowed: bool) -> None:
    games = ["tests.nimgame"]
    why = broken_rule(place_of(source, games), place_of(target, games), target)
    assert (why is None) is allowed, why


# -- pygame at run time: the pure modules import without it ----------------------------

BLOCKER = textwrap.dedent(
    """
    import importlib, sys

    class BlockPygame:
        def find_spec(self, name, path=None, target=None):
            if name == "pygame" or name.startswith("pygame."):
                raise ImportError(f"{name} is blocked: this module must not import pygame")
            return None

    sys.meta_path.insert(0, BlockPygame())
    for name in sys.argv[1:]:
        importlib.import_module(name)
    leaked = sorted(m for m in sys.modules if m == "pygame" or m.startswith("pygame."))
    assert not leaked, leaked
    print("imported", len(sys.argv) - 1, "modules")
    """
)


def pure_modules() -> list[str]:
    """Everything that must load without pygame: core, the registry, and every
    module of every game but its scene."""
    result = scan(ROOT)
    return sorted(
        m
        for m, p in result.places.items()
        if p.layer in ("core", "registry") or (p.layer == "game" and p.part != "scene")
    )


def run_blocked(modules: list[str]) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run(
        [sys.executable, "-c", BLOCKER, *modules],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_pure_modules_import_without_pygame() -> None:
    modules = pure_modules()
    for name in ("tabletop.core.game", "tabletop.games.planepita.model", "tests.nimgame.rules"):
        assert name in modules
    assert not any(m.endswith(".scene") for m in modules)
    result = run_blocked(modules)
    assert result.returncode == 0, result.stderr
    assert f"imported {len(modules)} modules" in result.stdout


def test_the_blocker_blocks() -> None:
    result = run_blocked(["tabletop.ui.scene"])
    assert result.returncode != 0
    assert "pygame is blocked" in result.stderr


# -- no module-level random under games -------------------------------------

#: the one name from ``random`` a game may use (as a type); build it with rng.make
ALLOWED = {"Random"}


def global_random_uses(source: str, filename: str = "<source>") -> list[str]:
    """Uses of the module-level ``random`` functions in ``source``, as "line: text"."""
    tree = _parsed(source, filename)
    aliases: set[str] = set()
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            aliases.update(a.asname or a.name for a in node.names if a.name == "random")
        elif isinstance(node, ast.ImportFrom) and node.module == "random":
            for a in node.names:
                if a.name not in ALLOWED:
                    found.append(f"{node.lineno}: from random import {a.name}")
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in aliases
            and node.attr not in ALLOWED
        ):
            found.append(f"{node.lineno}: {node.value.id}.{node.attr}")
    return sorted(found, key=lambda s: int(s.split(":")[0]))


@pytest.mark.parametrize(
    ("source", "bad"),
    [
        ("import random\nx = random.choice([1, 2])\n", True),
        ("import random\ndef f(d):\n    random.shuffle(d)\n", True),
        ("import random as r\nr.randint(1, 6)\n", True),
        ("from random import shuffle\n", True),
        ("import random\nrandom.seed(4)\n", True),
        ("import random\ndef f(rng: random.Random) -> int:\n    return rng.randint(1, 6)\n", False),
        ("from random import Random\n", False),
        ("from tabletop.core import rng\nr = rng.make(1, 'deal')\nr.shuffle([])\n", False),
        ("def f(self):\n    return self.random.choice([1])\n", False),
    ],
)
def test_global_random_detector(source: str, bad: bool) -> None:
    assert bool(global_random_uses(source)) is bad


def test_games_never_use_module_level_random() -> None:
    offenders = []
    for folder in [ROOT / "tabletop/games", *game_packages_in_tests(ROOT)]:
        for path in sorted(folder.glob("**/*.py")):
            for use in global_random_uses(path.read_text("utf-8"), str(path)):
                offenders.append(f"{path.relative_to(ROOT)}:{use}")
    assert not offenders, "module-level random (use tabletop.core.rng.make):\n" + "\n".join(
        offenders
    )


# -- the shape of a game: a table the frame holds, packages that read alike ---------------------

#: bases a class may have beside its one base class: a protocol, a generic
#: parameter, an enum and its value type
ASIDE = {"Protocol", "Generic", "Enum", "IntEnum", "StrEnum", "Flag", "IntFlag", "str", "int"}


def class_bases(source: str, filename: str = "<source>") -> list[tuple[str, list[str]]]:
    """Every class in ``source`` with the names of its bases (``Table[P]`` is
    ``Table``, ``pygame.sprite.Sprite`` is ``Sprite``)."""

    def name(node: ast.expr) -> str:
        if isinstance(node, ast.Subscript):
            return name(node.value)
        if isinstance(node, ast.Attribute):
            return node.attr
        return node.id if isinstance(node, ast.Name) else ast.unparse(node)

    return [
        (node.name, [name(b) for b in node.bases])
        for node in ast.walk(_parsed(source, filename))
        if isinstance(node, ast.ClassDef)
    ]


def wrong_classes(source: str, filename: str = "<source>") -> list[str]:
    """Classes that are a frame (inherit GameScene) or mix several bases."""
    out = []
    for cls, bases in class_bases(source, filename):
        if "GameScene" in bases:
            out.append(f"{cls} inherits GameScene: a game's table is a part the frame holds")
        mixed = [b for b in bases if b not in ASIDE]
        if len(mixed) > 1:
            out.append(f"{cls} mixes {', '.join(mixed)}")
    return out


@pytest.mark.parametrize(
    ("source", "wrong"),
    [
        ("class T(Table[Picture]): pass", False),
        ("class Gestures(Protocol): pass", False),
        ("class Kind(str, Enum): pass", False),
        ("class S(Scene, Generic[P]): pass", False),
        ("class X(GameScene): pass", True),
        ("class X(ReplayControls, TableDrawing, GameScene): pass", True),
        ("class X(RemovalEditing, PlayAnimation): pass", True),
        ("class X(mod.Base, other.Mixin): pass", True),
    ],
)
def test_the_class_check_reads_bases(source: str, wrong: bool) -> None:
    assert bool(wrong_classes(source)) is wrong


def test_no_game_class_is_a_frame_or_a_mix_of_bases() -> None:
    """Every game's screen is the one frame holding the game's table; no
    class under a game (the test games' included) inherits the frame or
    mixes several bases together."""
    offenders = []
    for folder in [ROOT / "tabletop/games", *game_packages_in_tests(ROOT)]:
        for path in sorted(folder.glob("**/*.py")):
            for wrong in wrong_classes(path.read_text("utf-8"), str(path)):
                offenders.append(f"{path.relative_to(ROOT)}: {wrong}")
    assert not offenders, "\n".join(offenders)


#: the modules every game's table package has; a game's extras sit beside them
TABLE_MODULES = {"__init__", "layout", "picture", "paint", "input", "animation", "looks"}


def test_every_game_table_package_has_the_same_modules() -> None:
    games = sorted(p.parent for p in (ROOT / "tabletop/games").glob("*/__init__.py"))
    assert len(games) == 5
    for game in games:
        table = game / "table"
        names = {p.stem for p in table.glob("*.py")}
        assert TABLE_MODULES <= names, f"{table.relative_to(ROOT)} lacks {TABLE_MODULES - names}"
        assert not list(game.glob("scene*.py")), f"{game.name} has a scene module beside table/"


# -- what the registry imports: each game's info, nothing more ---------------------------


def module_level_imports(source: str, filename: str = "<source>") -> list[tuple[int, str]]:
    """The imports a module runs when it is imported (its body, class bodies
    and if/try/with blocks, not functions and not ``if TYPE_CHECKING:``), as
    (line, name): ``from a.b import c`` is ``a.b.c`` (a module or a name in
    one); a relative import is named with its dots."""
    found: list[tuple[int, str]] = []

    def visit(body: Sequence[ast.stmt]) -> None:
        for node in body:
            if isinstance(node, ast.Import):
                found.extend((node.lineno, a.name) for a in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = "." * node.level + (node.module or "")
                found.extend((node.lineno, f"{base}.{a.name}") for a in node.names)
            elif isinstance(node, ast.If):
                test = node.test
                name = test.id if isinstance(test, ast.Name) else getattr(test, "attr", None)
                if name != "TYPE_CHECKING":
                    visit(node.body)
                visit(node.orelse)
            elif isinstance(node, (ast.Try, ast.With, ast.ClassDef)):
                for part in ("body", "orelse", "finalbody"):
                    visit(getattr(node, part, []))
                for handler in getattr(node, "handlers", []):
                    visit(handler.body)

    visit(_parsed(source, filename).body)
    return found


def light_import_refusal(target: str, game: str) -> str | None:
    """Why a shipped game's package or info module may not import ``target``
    when it is imported, or None."""
    top = target.split(".")[0]
    if top == "__future__" or (top in sys.stdlib_module_names and top != "tabletop"):
        return None
    if target == f"{game}.info" or target.startswith(("tabletop.core.", f"{game}.info.")):
        return None
    return "imported by the registry at start-up: only the core and the game's own info"


@pytest.mark.parametrize(
    ("source", "bad"),
    [
        ("from tabletop.core.game import GameEntry\nfrom tabletop.games.g.info import INFO\n", []),
        ("import dataclasses\nfrom __future__ import annotations\n", []),
        ("from tabletop.games.g import bot\n", ["tabletop.games.g.bot"]),
        ("from tabletop.games.g.rules import RULES\n", ["tabletop.games.g.rules.RULES"]),
        ("import numpy as np\n", ["numpy"]),
        ("if True:\n    from tabletop.games.g.model import X\n", ["tabletop.games.g.model.X"]),
        ("import tabletop.games.g.info\n", []),
        ("import tabletop.games.g.information\n", ["tabletop.games.g.information"]),
        ("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import numpy\n", []),
        ("def f():\n    from tabletop.games.g.model import ROUNDS\n", []),
    ],
)
def test_the_light_import_check_reads_module_level_imports(source: str, bad: list[str]) -> None:
    found = [
        t for _, t in module_level_imports(source) if light_import_refusal(t, "tabletop.games.g")
    ]
    assert found == bad


def test_a_game_s_package_and_info_import_nothing_of_the_game_at_start_up() -> None:
    games = sorted(p.parent for p in (ROOT / "tabletop/games").glob("*/__init__.py"))
    assert len(games) == 5
    offenders = []
    for folder in games:
        game = f"tabletop.games.{folder.name}"
        assert (folder / "info.py").is_file(), f"{folder.name} has no info.py"
        for path in (folder / "__init__.py", folder / "info.py"):
            for line, target in module_level_imports(path.read_text("utf-8"), str(path)):
                why = light_import_refusal(target, game)
                if why is not None:
                    offenders.append(f"{path.relative_to(ROOT)}:{line}: {target}  ({why})")
    registry = ROOT / "tabletop/games/__init__.py"
    packages = {f"tabletop.games.{p.name}" for p in games}
    for line, target in module_level_imports(registry.read_text("utf-8"), str(registry)):
        if not target.startswith(("__future__.", "tabletop.core.")) and target not in packages:
            offenders.append(
                f"tabletop/games/__init__.py:{line}: {target}  (the registry imports the games' packages and the core)"
            )
    assert not offenders, "\n".join(offenders)
