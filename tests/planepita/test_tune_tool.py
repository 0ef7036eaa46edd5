"""tools/tune_physics.py: the quick sweep writes its pictures (matplotlib, the
``tools`` extra that ``make test`` installs) with labelled axes and a sane
table; without matplotlib the table is still written and one line says so;
bad arguments are one line on stderr and exit status 2."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path
from typing import Any

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

from tools import tune_physics  # noqa: E402

PICTURES = {
    "stop-distance.png": tune_physics.STOP_SIZE,
    "fan.png": tune_physics.FAN_SIZE,
    "face-up-vs-down.png": tune_physics.FACE_SIZE,
}


#: the plotting functions the quick run calls, whose figures the tests read
PLOTS = ("plot_stop_distance", "plot_fan", "plot_face")


@pytest.fixture(scope="module")
def quick_figures(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    """One ``--quick`` run: its folder, and the figure each plotting function
    returned (drawing them is most of the run, so the tests share it)."""
    out = tmp_path_factory.mktemp("tune")
    figures: dict[str, Any] = {}

    def recording(name: str) -> Any:
        real = getattr(tune_physics, name)

        def plot(*args: Any, **kwargs: Any) -> Any:
            figures[name] = real(*args, **kwargs)
            return figures[name]

        return plot

    with pytest.MonkeyPatch.context() as mp:  # no player's physics.toml but the test's
        mp.setenv("TABLETOP_HOME", str(tmp_path_factory.mktemp("home")))
        for name in PLOTS:
            mp.setattr(tune_physics, name, recording(name))
        assert tune_physics.main(["--quick", "--out", str(out)]) == 0
    return out, figures


@pytest.fixture
def quick_run(quick_figures: tuple[Path, dict[str, Any]]) -> Path:
    return quick_figures[0]


@pytest.fixture(autouse=True)
def own_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """The tool reads the player's physics.toml from the settings folder: the test's own."""
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path_factory.mktemp("home")))


def test_quick_run_writes_the_pictures(quick_run) -> None:
    for name, size in PICTURES.items():
        path = quick_run / name
        assert path.is_file(), name
        image = pygame.image.load(str(path))
        assert image.get_size() == size, name


def _section(table: str, heading: str) -> list[str]:
    lines = table.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(heading))
    rows = []
    for line in lines[start + 2 :]:
        if not line.strip() or line.startswith("  ("):
            break
        rows.append(line)
    return rows


def test_table_measures_close_to_the_predictions(quick_run) -> None:
    table = (quick_run / "table.txt").read_text("utf-8")
    header = next(line for line in table.splitlines() if line.startswith("speed mm/s"))
    assert "measured mm" in header and "predicted mm" in header and "error %" in header
    rows = _section(table, "Stop distance")
    assert rows
    for row in rows:
        speed, mu, measured, predicted, error = row.split()[:5]
        assert abs(float(measured) - float(predicted)) / float(predicted) < 0.03, row
        assert abs(float(error)) < 3.0, row
    # face-down discs move less than face-up ones for the same hit
    face = _section(table, "Face-up vs face-down")
    assert face
    for row in face:
        numbers = [float(x) for x in re.findall(r"[-+]?\d+\.?\d*", row)]
        face_up, face_down = numbers[3], numbers[4]
        assert face_down < face_up, row
    # restitution measured vs configured
    rest = _section(table, "Restitution")
    assert rest
    for row in rest:
        configured, measured = (float(x) for x in row.split()[:2])
        assert measured == pytest.approx(configured, abs=0.02), row


@pytest.mark.parametrize(
    "argv, needle",
    [
        (["--set", "friction.nope=1"], "friction.nope"),
        (["--set", "friction.mu_face_up=abc"], "friction.mu_face_up"),
        (["--speeds", "500,fast"], "--speeds"),
        (["--mu-up", "0.3,9"], "--mu-up"),
    ],
)
def test_bad_arguments_exit_2_with_one_line(argv, needle, tmp_path, capsys) -> None:
    assert tune_physics.main(["--quick", "--out", str(tmp_path), *argv]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.endswith("\n"), err
    assert needle in err
    assert not any(tmp_path.iterdir())  # nothing was written


def test_the_figures_have_axes_with_units_and_legends(quick_figures) -> None:
    """The figures the quick run drew (and wrote: see above)."""
    figures = quick_figures[1]
    assert sorted(figures) == sorted(PLOTS)
    top, bottom = figures["plot_stop_distance"].axes
    assert top.get_ylabel() == "stop distance (mm)" and top.get_legend() is not None
    assert bottom.get_xlabel() == "launch speed v (mm/s)" and bottom.get_ylabel() == "excess (mm)"
    fig = figures["plot_fan"]
    board = fig.axes[0]
    assert "(mm" in board.get_xlabel() and "(mm" in board.get_ylabel()
    assert any("launch speed (mm/s)" == ax.get_xlabel() for ax in fig.axes)  # the colour bar
    chart = figures["plot_face"].axes[-1]
    assert chart.get_yscale() == "log" and "(mm" in chart.get_ylabel()
    assert "(mm/s)" in chart.get_xlabel() and chart.get_legend() is not None


def test_without_matplotlib_the_table_is_written_and_one_line_says_why_no_pictures(
    tmp_path, capsys, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in [m for m in sys.modules if m == "matplotlib" or m.startswith("matplotlib.")]:
        monkeypatch.setitem(sys.modules, name, None)
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    assert tune_physics.main(["--quick", "--out", str(tmp_path)]) == 0
    captured = capsys.readouterr()
    assert captured.err.count("\n") == 1 and "matplotlib" in captured.err, captured.err
    assert (tmp_path / "table.txt").is_file()
    assert not list(tmp_path.glob("*.png"))
    assert "wrote" in captured.out and ".png" not in captured.out
