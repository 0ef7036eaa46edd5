"""Planepita's bots: legal in every phase, sensible where the choice is clear,
deterministic for a seed and a simulation cap, and hard beats easy.

Searches run with a fixed simulation cap and no time budget (``timed=False``)
so every result here is the same on any machine; the time a decision takes is
the bench's business (``tools/bench.py --only bots``). Where a test needs the
time budget itself, the bot reads a stand-in clock that the test moves.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import replace

import pytest

from tabletop.games.planepita import bot as botmod
from tabletop.games.planepita import rules as R
from tabletop.games.planepita.model import (
    THIRD_PARTY,
    Disc,
    Flick,
    FlickSpec,
    Flip,
    JammerSpec,
    Layout,
    Phase,
    PlaceJammer,
)

RULES = R.RULES
LEVELS = ("easy", "medium", "hard")
#: simulations per decision in these tests (no time budget: deterministic)
CAP = 6
#: for whole games played to check legality: enough for every part of the
#: search (the robustness re-try, the look at the reply) to run
WHOLE_GAME_CAP = 3


def make(level: str, seat: int, seed: int, cap: int = CAP) -> botmod.PlanepitaBot:
    return botmod.make_bot(level, seat, seed, timed=False, max_sims=cap)


def play_checked(state, bots, until=None, phases_of=None):
    """Let the bots play from ``state``; every action must pass ``check`` first.
    Stops when the game is over or ``until(state)`` holds. Returns the final state
    and the phases the bots answered (only seat ``phases_of``'s, if given)."""
    phases = set()
    while not RULES.is_over(state) and not (until and until(state)):
        seat = RULES.to_move(state)
        action = bots[seat].choose(RULES.view(state, seat))
        assert RULES.check(state, action) is None, (state.phase, action, RULES.check(state, action))
        if phases_of is None or seat == phases_of:
            phases.add(state.phase)
        state = RULES.apply(state, action)
    return state, phases


def position(
    players=2,
    *,
    discs=(),
    jammer=(0.0, 0.0),
    black=(),
    start=0,
    turn=0,
    left,
    launches,
    phase=Phase.LAUNCH,
    pending=None,
    third_party=False,
    **variants,
):
    """A constructed position: ``discs`` on the board, ``black`` already lost."""
    if players == 2:
        variants["third_party"] = third_party
    state = RULES.setup(R.RULES.info.config(players, **variants), 0)
    ids = [d.id for d in (*discs, *black)]
    return replace(
        state,
        layout=Layout(players, tuple(discs), jammer, (0.5,) * players),
        black_hole=tuple(black),
        start=start,
        turn=turn,
        left=tuple(left),
        launches=tuple(launches),
        phase=phase,
        pending=pending,
        next_id=max(ids, default=-1) + 1,
    )


# -- the bots' shots are the table's shots ------------------------------------------------------


@pytest.mark.parametrize("third_party", [False, True])
def test_trial_shot_is_the_rules_shot(third_party):
    state = RULES.setup(R.RULES.info.config(2), 3)
    state, _ = play_checked(
        state, [make("easy", 0, 1), make("easy", 1, 2)], until=lambda s: s.turn >= 5
    )
    assert state.phase is Phase.LAUNCH
    flick = Flick(0.3, 34.0, 1700.0, third_party=third_party)
    ours = botmod.run_shot(state, flick)
    theirs = R.shot(state, flick)
    assert ours.final == theirs.final
    assert ours.lost == theirs.lost and ours.stayed_on_pad == theirs.stayed_on_pad


# -- legality in every phase ---------------------------------------------------------------


TEAMS_DOUBLES = {"team_play": True, "doubles": True}


@pytest.mark.parametrize(
    "players, variants, level",
    [
        (2, {}, "easy"),
        (2, {}, "medium"),
        # hard at two seats: test_hard_beats_easy_in_most_games plays two whole
        # games of this table with it and checks each of its decisions
        (4, TEAMS_DOUBLES, "easy"),
        (4, TEAMS_DOUBLES, "medium"),
        (4, TEAMS_DOUBLES, "hard"),
    ],
    ids=[
        "2p-3P-easy",
        "2p-3P-medium",
        "4p-teams-doubles-easy",
        "4p-teams-doubles-medium",
        "4p-teams-doubles-hard",
    ],
)
def test_every_decision_is_legal_for_a_whole_game(level, players, variants):
    state = RULES.setup(R.RULES.info.config(players, **variants), 11)
    # at four seats, one seat of each team plays the level and the others
    # easy: every decision of the level is still met, at half the searches
    bots = [
        make(level if s < 2 or players == 2 else "easy", s, 100 + s, cap=WHOLE_GAME_CAP)
        for s in range(players)
    ]
    final, phases = play_checked(state, bots)
    assert RULES.is_over(final)
    assert {Phase.LAUNCH, Phase.FLIP} <= phases


def knocked_jammer_state():
    """Round 1, seat 0's first flick knocked the jammer off the board."""
    state = RULES.setup(R.RULES.info.config(2, third_party=False), 0)
    state = RULES.apply(state, Flick(0.5, 0.0, 3000.0))
    assert state.phase is Phase.PLACE_JAMMER
    return state


@pytest.mark.parametrize("level", LEVELS)
def test_jammer_goes_back_legally(level):
    state = knocked_jammer_state()
    assert RULES.legal_actions(state) == [JammerSpec(5)]
    action = make(level, 0, 5).choose(state)
    assert isinstance(action, PlaceJammer)
    assert RULES.check(state, action) is None


@pytest.mark.parametrize("level", LEVELS)
def test_jammer_goes_to_the_4pt_area_when_the_5pt_area_is_full(level):
    state = knocked_jammer_state()
    # a crowd in the 5-pt area: no spot for the jammer there
    crowd = [
        Disc(10 + i, i % 2, x, y, face_down=True)
        for i, (x, y) in enumerate(
            [(0.0, 0.0)]
            + [(34 * math.cos(a), 34 * math.sin(a)) for a in (k * math.pi / 3 for k in range(6))]
            + [(68 * math.cos(a), 68 * math.sin(a)) for a in (k * math.pi / 6 for k in range(12))]
        )
    ]
    state = replace(state, layout=replace(state.layout, discs=state.layout.discs + tuple(crowd)))
    assert RULES.legal_actions(state) == [JammerSpec(4)]
    action = make(level, 0, 5).choose(state)
    assert RULES.check(state, action) is None


# -- sensible choices ----------------------------------------------------------------------


def lone_opponent_in_the_centre():
    """2 players, seat 0 makes the round's last launch (its disc carries the Last
    Player token: 1 power). Seat 1's face-up disc sits alone in the 5-pt area; the
    jammer is out in the 3-pt area."""
    lost = [Disc(i, owner) for i, owner in enumerate((0, 0, 0, 1, 1, 1), start=1)]
    return position(
        discs=[Disc(0, 1, 10.0, 25.0)],
        jammer=(150.0, 150.0),
        black=lost,
        start=1,
        turn=7,
        left=(1, 0),
        launches=(3, 4),
    )


def steady(level: str, seat: int, seed: int, cap: int = CAP) -> botmod.PlanepitaBot:
    """A search bot of ``level`` whose hand never strays: what its plan does."""
    config = botmod.HARD if level == "hard" else botmod.MEDIUM
    config = replace(
        config,
        spread=botmod.Spread(0.0, 0.0),
        max_sims=cap,
        reply_sims=min(config.reply_sims, cap),
        budget=None,
    )
    return botmod.SearchBot(seat, seed, config)


@pytest.mark.parametrize("seed", [1, 2])
def test_hard_plans_to_take_the_centre_from_a_lone_opponent(seed):
    # the plan, with a steady hand: the level's spread makes the real bot miss
    # sometimes, which tools/bench.py's "knock-out" row measures
    state = lone_opponent_in_the_centre()
    assert R.is_last_launch(state) and R.launcher(state) == 0
    end, _ = play_checked(
        state, [steady("hard", 0, seed, cap=200), None], until=lambda s: s.round > 1
    )
    centre = end.last_round.areas[0]
    assert centre.value == 5
    assert centre.winner != 1, centre


def jammer_next_to_my_disc():
    """Seat 0 just launched a face-up disc into the 4-pt area beside the jammer,
    which sits at the 5-pt area's edge; seat 1 launches next, three times more."""
    discs = [
        Disc(0, 0, 200.0, -100.0, face_down=True),
        Disc(1, 1, -200.0, 100.0, face_down=True),
        Disc(2, 0, 40.0, -130.0),
    ]
    return position(
        discs=discs,
        jammer=(0.0, -70.0),
        start=0,
        turn=2,
        left=(2, 3),
        launches=(2, 1),
        phase=Phase.FLIP,
        pending=2,
    )


def test_the_setup_of_the_flip_position():
    state = jammer_next_to_my_disc()
    board = botmod.BOARD
    assert R.can_flip(state)
    assert board.area_of(40.0, -130.0, board.disc_radius) == 4
    assert R.jammer_area_of(state.layout) == 5
    assert RULES.legal_actions(state) == [Flip(True), Flip(False)]


@pytest.mark.parametrize("seed", [1, 2])
def test_hard_flips_a_disc_the_jammer_could_sweep(seed):
    state = jammer_next_to_my_disc()
    assert make("hard", 0, seed, cap=60).choose(state) == Flip(True)


def test_teammates_power_counts_as_the_bots_own():
    state = position(4, team_play=True, left=(4, 4, 4, 4), launches=(0, 0, 0, 0))
    layout = Layout(4, (Disc(0, 2, 0.0, 120.0, face_down=True),), (0.0, 0.0), (0.5,) * 4)
    final = [0, 0, 0, 0]
    for seat, sign in ((0, 1), (2, 1), (1, -1), (3, -1)):
        value = botmod.evaluate(layout, botmod.make_outlook(state, seat, final))
        assert value == pytest.approx(sign * (4 + botmod.POWER_WEIGHT * 1))


def test_a_3p_disc_blocks_where_an_own_disc_would_only_tie():
    """Seat 1 leads the 5-pt area with a face-up disc (the jammer is out in the
    3-pt area). Seat 0's disc landing beside it: a 3P disc makes the area void
    just as an own disc would tie it, so the bot spends the 3P disc; with an
    own disc already there, its own disc wins the area outright and is chosen."""
    state = position(
        discs=[Disc(0, 1, 0.0, 30.0), Disc(1, 0, 200.0, 0.0, face_down=True)],
        jammer=(150.0, 150.0),
        third_party=True,
        start=0,
        turn=2,
        left=(3, 3),
        launches=(1, 1),
    )
    state = replace(state, left_3p=(2, 2))
    planner = botmod.Planner(state, 0)
    spec = RULES.legal_actions(state)[0]
    assert isinstance(spec, FlickSpec) and spec.own and spec.third_party
    variants = botmod.launch_variants(spec)
    new = Disc(state.next_id, 0, 0.0, -30.0)
    outlook = botmod.make_outlook(state, 0, [0, 0])  # as if nothing came after
    layout = replace(state.layout, discs=(*state.layout.discs, new))
    _, third_party, _, _ = planner.with_choices(layout, new.id, outlook, variants, last=False)
    assert third_party
    helped = replace(layout, discs=(*layout.discs, Disc(99, 0, 30.0, 0.0, face_down=True)))
    value, third_party, _, chosen = planner.with_choices(
        helped, new.id, outlook, variants, last=False
    )
    assert not third_party
    assert next(d for d in chosen.discs if d.id == new.id).owner == 0
    assert value > 0
    assert THIRD_PARTY == 2


# -- determinism and time ------------------------------------------------------------------


def some_positions():
    """A launch view and a flip view from a seeded game between easy bots."""
    state = RULES.setup(R.RULES.info.config(2), 7)
    bots = [make("easy", 0, 3), make("easy", 1, 4)]
    launch, _ = play_checked(state, bots, until=lambda s: s.turn >= 6 and s.phase is Phase.LAUNCH)
    flip, _ = play_checked(launch, bots, until=lambda s: s.phase is Phase.FLIP)
    assert flip.phase is Phase.FLIP
    return [launch, flip]


@pytest.mark.parametrize("level", LEVELS)
def test_decisions_are_deterministic_for_a_seed(level):
    for state in some_positions():
        seat = RULES.to_move(state)
        first = make(level, seat, 42, cap=20).choose(state)
        again = make(level, seat, 42, cap=20).choose(state)
        assert first == again


def test_the_default_hard_bot_stops_at_its_time_budget(monkeypatch):
    """The default hard bot (its cap and its seconds) on a busy board, with a
    clock that moves 0.1 s at every reading: the budget ends the search
    long before the simulation cap, and the answer is legal. Untimed, the
    same bot simulates until its cap whatever the clock says."""
    state = RULES.setup(R.RULES.info.config(4), 5)
    bots = [make("easy", s, s) for s in range(4)]
    state, _ = play_checked(state, bots, until=lambda s: s.turn >= 12 and s.phase is Phase.LAUNCH)
    sims = []
    real_run = botmod.run_shot
    monkeypatch.setattr(botmod, "run_shot", lambda *a: (sims.append(1), real_run(*a))[1])

    def clock():
        ticks = itertools.count()
        return lambda: next(ticks) * 0.1

    timed = botmod.make_bot("hard", RULES.to_move(state), 1)
    assert (timed.config.max_sims, timed.time_budget) == (botmod.HARD.max_sims, botmod.HARD.budget)
    timed.now = clock()
    action = timed.choose(state)
    assert RULES.check(state, action) is None
    assert 1 <= len(sims) <= 10
    sims.clear()
    untimed = botmod.make_bot("hard", RULES.to_move(state), 1, timed=False, max_sims=30)
    assert untimed.time_budget is None
    untimed.now = clock()
    assert RULES.check(state, untimed.choose(state)) is None
    assert len(sims) == 30


@pytest.mark.parametrize("game", [0, 1])
def test_hard_beats_easy_in_most_games(game):
    """Two whole games at two seats (one per case, so the two share the cores),
    hard taking turns at being the first start player; seeded and untimed, the
    same two games every run, and hard wins both. Each decision is checked,
    so hard's legality in every phase at this table is tested here too."""
    hard = game % 2
    bots = [None, None]
    bots[hard] = make("hard", hard, game, cap=4)
    bots[1 - hard] = make("easy", 1 - hard, game)
    final, phases = play_checked(RULES.setup(R.RULES.info.config(2), game), bots, phases_of=hard)
    assert RULES.is_over(final)
    assert {Phase.LAUNCH, Phase.FLIP} <= phases
    scores = R.scores(final)
    assert scores[hard] > scores[1 - hard]


def test_every_level_places_the_jammer_in_a_small_pocket_the_rules_allow() -> None:
    """P5: with the 5-pt area packed so that only a pocket too small for the
    bots' coarse grid is free, the bots still place the jammer where the rules
    say (the rules decide the area and find the spot)."""
    import math

    from tabletop.games.planepita.model import Phase, PlaceJammer
    from tabletop.games.planepita.rules import RULES, free_jammer_spot, launcher
    from tests.planepita.positions import D, position

    ring = [
        (62 * math.cos(math.radians(a)), 62 * math.sin(math.radians(a))) for a in range(0, 360, 60)
    ]
    outer = [
        (107 * math.cos(math.radians(a)), 107 * math.sin(math.radians(a)))
        for a in range(30, 330, 60)
    ]
    outer.append((117.5 * math.cos(math.radians(330)), 117.5 * math.sin(math.radians(330))))
    state = position(
        4, [D(x, y) for x, y in [(0.0, 0.0), *ring, *outer]], phase=Phase.PLACE_JAMMER, jammer=None
    )
    assert free_jammer_spot(state.layout, 5) is not None
    for level in ("easy", "medium", "hard"):
        action = botmod.make_bot(level, launcher(state), 1, max_sims=20, budget=None).choose(state)
        assert isinstance(action, PlaceJammer)
        assert RULES.check(state, action) is None, level


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_a_simulator_assertion_surfaces_from_the_search(level, monkeypatch):
    """The search catches nothing from the simulator: a failing assertion in
    a trial shot is a bug, and it reaches whoever asked the bot (the session
    then plays a random legal move and says so; a test sees the error)."""
    state = some_positions()[0]
    assert state.phase is Phase.LAUNCH

    def broken(*args):
        raise AssertionError("a body left the space twice")

    monkeypatch.setattr(botmod, "simulate", broken)
    with pytest.raises(AssertionError, match="left the space twice"):
        make(level, RULES.to_move(state), 1).choose(state)


def test_hard_answers_a_lone_legal_flip_at_once(monkeypatch):
    """Planepita always offers both flips; were there one, the hard bot would
    play it without simulating a shot or reading its clock."""
    state = jammer_next_to_my_disc()
    monkeypatch.setattr(botmod.RULES, "legal_actions", lambda s: [Flip(False)])
    monkeypatch.setattr(botmod, "run_shot", lambda *a: pytest.fail("simulated a shot"))
    hard = botmod.make_bot("hard", 0, 1)

    def no_clock():
        raise AssertionError("read the clock")

    hard.now = no_clock
    assert hard.choose(state) == Flip(False)
