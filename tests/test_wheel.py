"""The wheel: built from the source, installed into a clean venv, and run from
outside the repo with every asset, data file and rules page read from it.

One test, so that pytest-xdist never builds the wheel twice. It takes about
20 s on an idle 2-core machine (the wheel about 6 s, the venv and its install
about 6 s, the program's runs about 4 s). The venv is made without
``--system-site-packages`` and without pip (the suite's own pip installs into
it with ``--python``, as the Makefile does); pygame-ce, pymunk and numpy come
from this machine's pip configuration (its indexes and find-links), as
``make test`` installs them (not ``--no-index``: the find-links folder may
hold none of them). Every command has a timeout, and a command that
outlives it is killed with its whole process group.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: what the build reads is copied out of the repo first: pip builds in the
#: source folder, and a build/ left there keeps files deleted from the source
#: and ships them in the next wheel; the copy leaves the repo untouched.
#: Left out: these folders at the top, and bytecode anywhere.
NOT_BUILT_FROM = {
    ".git",
    ".venv",
    "build",
    "dist",
    "out",
    "tests",
    "tools",
    "docs",
    ".hypothesis",
    ".mypy_cache",
    ".ruff_cache",
}


def not_built_from(folder: str, names: list[str]) -> set[str]:
    left_out = {n for n in names if n == "__pycache__" or n.endswith((".pyc", ".egg-info"))}
    if Path(folder) == ROOT:
        left_out |= NOT_BUILT_FROM & set(names)
    return left_out


#: (package folder in the source, its name in the wheel)
SOURCE_FOLDERS = (("tabletop", "tabletop"), ("assets", "tabletop/assets"))

#: the check run inside the venv: argv[1] is {path in the wheel: [package,
#: resource path, sha256]}, argv[2] the repo's root
CHECK = r"""
import hashlib, json, os, sys, sysconfig
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
from importlib import resources
from pathlib import Path

site = Path(sysconfig.get_paths()["purelib"]).resolve()
repo = Path(sys.argv[2]).resolve()
assert not any(Path(p or ".").resolve() == repo for p in sys.path), sys.path

import tabletop
here = Path(tabletop.__file__).resolve()
assert here.is_relative_to(site), f"tabletop imported from {here}, not from {site}"

for where, (package, name, digest) in json.loads(sys.argv[1]).items():
    module = __import__(package, fromlist=["_"])
    assert Path(module.__file__).resolve().is_relative_to(site), module.__file__
    res = resources.files(package).joinpath(*name.split("/"))
    data = res.read_bytes()
    assert hashlib.sha256(data).hexdigest() == digest, f"{where} differs from the source's"
    with resources.as_file(res) as path:
        assert path.resolve().is_relative_to(site), f"{where} read from {path}"

# the program's own readers: the registry, each rules page (the page, not the
# blurb rules_text falls back to), the data read at import
from tabletop.games import REGISTRY
from tabletop.core.game import TUTORIAL_PAGE
for name, entry in REGISTRY.items():
    package = type(entry.rules).__module__.rpartition(".")[0]
    page = (resources.files(package) / entry.info.rules_page).read_text("utf-8")
    text = entry.rules_text()
    assert text.startswith(page.rstrip()), f"{name}: rules_text is not its rules page"
    tutorial = resources.files(package) / TUTORIAL_PAGE
    if tutorial.is_file():
        assert text.rstrip().endswith(tutorial.read_text("utf-8").rstrip()), name
from tabletop.games.planet import tiles
assert len(tiles.TILES) == 50 and tiles.ANIMALS and len(tiles.HABITATS) == 5
from tabletop.games.phantom_rummy import cards
assert cards.DECK and cards.KINDS
from tabletop.games.planepita import params
assert params.load() == params.default()

from tabletop.ui import theme
font = theme.load_font(20, bold=True)
assert font.size("Tabletop")[0] > 0 and theme.load_font(20).size("x")[0] > 0
print(json.dumps(sorted(REGISTRY)))
"""


def start(cmd: list[str], **kwargs) -> subprocess.Popen[str]:
    return subprocess.Popen(
        cmd,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        **kwargs,
    )


def finish(proc: subprocess.Popen[str], timeout: float) -> subprocess.CompletedProcess[str]:
    """The result of ``proc``, which must exit with 0 within ``timeout`` s; past
    it, it and every process it started are killed."""
    cmd = " ".join(map(str, proc.args))  # type: ignore[arg-type]
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        out, err = proc.communicate()
        raise AssertionError(f"{cmd} took over {timeout} s\n{out[-2000:]}\n{err[-2000:]}") from None
    assert proc.returncode == 0, (
        f"{cmd} exited with {proc.returncode}\n{out[-3000:]}\n{err[-3000:]}"
    )
    return subprocess.CompletedProcess(proc.args, proc.returncode, out, err)


def run(cmd: list[str], timeout: float, **kwargs) -> subprocess.CompletedProcess[str]:
    return finish(start(cmd, **kwargs), timeout)


def data_files() -> dict[str, tuple[str, str, str]]:
    """Every file beside the code in the source packages, by its path in the
    wheel: (the innermost package holding it, its path from there, sha256)."""
    found: dict[str, tuple[str, str, str]] = {}
    for folder, prefix in SOURCE_FOLDERS:
        base = ROOT / folder
        for path in sorted(base.rglob("*")):
            rel = path.relative_to(base)
            if not path.is_file() or path.suffix in (".py", ".pyc") or "__pycache__" in rel.parts:
                continue
            holder = path.parent
            while not (holder / "__init__.py").is_file():
                holder = holder.parent
            package = (prefix + "/" + holder.relative_to(base).as_posix()).strip("/.")
            name = path.relative_to(holder).as_posix()
            digest = hashlib.sha256(path.read_bytes()).hexdigest()
            found[f"{prefix}/{rel.as_posix()}"] = (package.replace("/", "."), name, digest)
    return found


def modules() -> set[str]:
    """Every module of the source packages, by its path in the wheel."""
    return {
        f"{prefix}/{path.relative_to(ROOT / folder).as_posix()}"
        for folder, prefix in SOURCE_FOLDERS
        for path in (ROOT / folder).rglob("*.py")
        if "__pycache__" not in path.parts
    }


def test_the_wheel_installs_into_a_clean_venv_and_runs_every_game_from_it() -> None:
    from tabletop.games import REGISTRY

    expected = data_files()
    # the files a reader names in the code: a rename that the wheel missed
    # would otherwise be seen only as a rules page falling back to a blurb
    for needed in (
        "tabletop/assets/fonts/DejaVuSans.ttf",
        "tabletop/assets/fonts/DejaVuSans-Bold.ttf",
        "tabletop/games/planet/tiles.toml",
        "tabletop/games/planet/animals.toml",
        "tabletop/games/planet/habitats.toml",
        "tabletop/games/phantom_rummy/deck.toml",
        "tabletop/games/planepita/physics.toml",
        "tabletop/games/uchronicle/tutorial.txt",
        *(f"tabletop/games/{name}/rules.txt" for name in REGISTRY),
    ):
        assert needed in expected, f"{needed} is not in the source"

    with tempfile.TemporaryDirectory(prefix="tabletop-wheel-") as tmpdir:
        tmp = Path(tmpdir)
        src = tmp / "src"
        shutil.copytree(ROOT, src, ignore=not_built_from)
        wheels = tmp / "wheels"
        built = run(
            [sys.executable, "-m", "pip", "wheel", "--no-deps", "-w", str(wheels), str(src)],
            timeout=120,
            cwd=tmp,
        )
        # setuptools's warning of a data folder that is not a package (it
        # once named tabletop.assets.fonts): every folder is declared
        said = built.stdout + built.stderr
        assert (
            "Package would be ignored" not in said and "absent from the `packages`" not in said
        ), said
        (wheel,) = wheels.glob("tabletop-*.whl")
        with zipfile.ZipFile(wheel) as zf:
            names = set(zf.namelist())
            for where, (_, _, digest) in expected.items():
                assert where in names, f"the wheel lacks {where}"
                assert hashlib.sha256(zf.read(where)).hexdigest() == digest, where
        missing = modules() - names
        assert not missing, f"the wheel lacks modules: {sorted(missing)}"

        venv = tmp / "venv"
        run([sys.executable, "-m", "venv", "--without-pip", str(venv)], timeout=60)
        python = venv / "bin" / "python"
        run(
            [
                sys.executable,
                "-m",
                "pip",
                "--python",
                str(python),
                "install",
                "--quiet",
                "--no-compile",
                str(wheel),
            ],
            timeout=240,
            cwd=tmp,
        )

        # the program as a player runs it: from elsewhere, its own home, no
        # display or audio device; bytecode written as it imports, so the
        # later runs start sooner
        home = tmp / "home"
        env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
        env.update(
            HOME=str(home),
            XDG_CONFIG_HOME=str(home / ".config"),
            XDG_DATA_HOME=str(home / ".local/share"),
            XDG_CACHE_HOME=str(home / ".cache"),
            SDL_VIDEODRIVER="dummy",
            SDL_AUDIODRIVER="dummy",
        )
        tabletop = str(venv / "bin" / "tabletop")
        env["TABLETOP_HOME"] = str(home / "list")
        listed = run([tabletop, "--list"], timeout=60, cwd=tmp, env=env).stdout.splitlines()
        assert [line.split()[0] for line in listed] == list(REGISTRY), listed
        assert len(listed) == 5

        # each game for three frames, and the check, side by side (each in a
        # home of its own): the later ones would wait on the earlier otherwise
        games = {}
        for name in REGISTRY:
            games[name] = start(
                [tabletop, "--game", name, "--frames", "3"],
                cwd=tmp,
                env={**env, "TABLETOP_HOME": str(home / name)},
            )
        check = start(
            [str(python), "-I", "-c", CHECK, json.dumps(expected), str(ROOT)],
            cwd=tmp,
            env={**env, "TABLETOP_HOME": str(home / "check")},
        )
        try:
            for name, proc in games.items():
                out = finish(proc, timeout=90)
                assert out.stderr == "", f"{name}: {out.stderr}"
                save = json.loads((home / name / "saves" / "autosave.json").read_text("utf-8"))
                assert save["game"] == name
            checked = finish(check, timeout=90)
            assert json.loads(checked.stdout.splitlines()[-1]) == sorted(REGISTRY)
        finally:
            for proc in (*games.values(), check):
                if proc.poll() is None:
                    os.killpg(proc.pid, signal.SIGKILL)
                    proc.communicate()
