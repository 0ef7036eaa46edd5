"""Literal Planet etuC positions for scenario tests, written with card names."""

from __future__ import annotations

from collections.abc import Sequence

from tabletop.games.etuc.rules import (
    Card,
    EtucState,
    GameResult,
    Kind,
    TablePlay,
    deck,
    kind_after,
    parse_card,
)


def cards(text: str) -> tuple[Card, ...]:
    """``"1O 3G"`` -> the sorted cards; ``""`` -> ()."""
    return tuple(sorted(parse_card(t) for t in text.split()))


def position(
    hands: Sequence[str],
    table: Sequence[tuple[int, str]] = (),
    turn: int = 0,
    passed: Sequence[int] = (),
    out: Sequence[int] = (),
    results: Sequence[GameResult] = (),
    game: int | None = None,
    starter: int = 0,
    seed: int = 7,
) -> EtucState:
    """A full state: ``hands`` per seat, ``table`` as (seat, "3G+3B") plays in
    order (their kinds worked out by the rules), the rest of the deck split
    between the set-aside pile (first three) and the discards."""
    players = len(hands)
    held = [cards(h) for h in hands]
    plays: list[TablePlay] = []
    kind: Kind | None = None
    for seat, text in table:
        played = cards(text.replace("+", " "))
        kind = kind_after(kind, plays[-1].cards if plays else None, played)
        assert kind is not None, f"{text} cannot be played here"
        plays.append(TablePlay(seat, played, kind))
    used = {c for h in held for c in h} | {c for p in plays for c in p.cards}
    rest = [c for c in deck(players) if c not in used]
    scores = tuple(sum(r.points[s] for r in results) for s in range(players))
    return EtucState(
        players=players,
        seed=seed,
        game=game if game is not None else len(results) + 1,
        scores=scores,
        starter=starter,
        hands=tuple(held),
        hand_sizes=tuple(len(h) for h in held),
        set_aside=tuple(rest[:3]),
        discards=tuple(rest[3:]),
        table=tuple(plays),
        kind=kind,
        passed=tuple(s in passed for s in range(players)),
        turn=turn,
        out=tuple(out),
        results=tuple(results),
        log=(),
    )


def result2(game: int, winner: int) -> GameResult:
    """A finished 2-player game won by ``winner``."""
    points = [0, 0]
    points[winner] = game
    return GameResult(game, 0, (winner, 1 - winner), tuple(points))


def result3(game: int, order: Sequence[int]) -> GameResult:
    points = [0, 0, 0]
    points[order[0]], points[order[1]] = 2, 1
    return GameResult(game, 0, tuple(order), tuple(points))
