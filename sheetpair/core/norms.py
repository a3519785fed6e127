"""Title norms (FIDE Title Regulations B.01): for each player and norm, achieved, still possible, or not.

A norm is judged over the games played over the board so far (a forfeit or a bye is no game, B.01 1.4.2).
Each condition below is checked on its own and, when it fails, gives one sentence with its article; a norm
is **achieved** when every condition holds now, **impossible** when some condition can no longer hold
whatever the remaining rounds bring, and **possible** otherwise, with the points the player needs in the
remaining rounds (``needs``):

* at least nine games (B.01 1.4.1a): an event of fewer than nine rounds gives no norm, except the events of
  seven or eight rounds B.01 1.4.1b-d names, where the arbiter gives ``needed`` (7 or 8);
* at least two federations other than the player's among the opponents, at most three fifths of the
  opponents from the player's federation, at most two thirds from one federation (B.01 1.4.3), unless the
  event is exempt (B.01 1.4.4: national championships and the events it names — the arbiter says so);
* at least half of the opponents title-holders (GM, IM, WGM, WIM, FM, WFM), and at least a third of them,
  and at least three, of the norm's level (B.01 1.4.5);
* opponents rated as on the list, an unrated opponent counting 1400 (B.01 1.4.6), and the lowest one rated
  below the norm's floor raised to it (B.01 1.4.7);
* Ra, the opponents' average (rounded, .5 up), at least the norm's minimum (B.01 1.4.8);
* Rp = Ra + dp (B.02 8.1.1) at least the norm's level, with a score of at least 35 % (B.01 1.4.9).

``needs`` assumes the remaining opponents keep Ra where it is (or bring it to the minimum when it is
below) and meet the composition rules: the fewest points in the remaining rounds that would reach the
performance and the 35 %. A norm the whole event does not give may be achieved over fewer games, at least nine:
the games up to a round (B.01 1.4.1e) or without games the player won (B.01 1.4.1f); the games left out are
named, and the IT1 certificate lists the games counted.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction

from .model import Player
from .state import TournamentState
from .tiebreaks.fide import rating_difference

NORMS = ("GM", "IM", "WGM", "WIM")

MIN_GAMES = 9
"""B.01 1.4.1a: games a norm needs, as a rule."""

FEWEST_GAMES = 7
"""B.01 1.4.1b-d: the fewest games a norm needs in the (team) events that need fewer than nine."""

UNRATED_OPPONENT = 1400
"""B.01 1.4.6: the rating an unrated opponent counts for."""

TITLE_HOLDERS = frozenset({"GM", "IM", "WGM", "WIM", "FM", "WFM"})
"""B.01 1.4.5a: the titles that count toward half the opponents (CM and WCM do not)."""


@dataclass(frozen=True)
class NormLevel:
    """The figures of one norm: Rp level, minimum Ra, rating floor, the titles of its level."""

    performance: int
    average: int
    floor: int
    level_titles: frozenset[str]
    held_by: frozenset[str]
    """Titles whose holders need this norm no more."""
    women_only: bool = False


LEVELS: dict[str, NormLevel] = {
    "GM": NormLevel(2600, 2380, 2200, frozenset({"GM"}), frozenset({"GM"})),
    "IM": NormLevel(2450, 2230, 2050, frozenset({"GM", "IM"}), frozenset({"GM", "IM"})),
    "WGM": NormLevel(2400, 2180, 2000, frozenset({"GM", "IM", "WGM"}), frozenset({"GM", "WGM"}), True),
    "WIM": NormLevel(2250, 2030, 1850, frozenset({"GM", "IM", "WGM", "WIM"}), frozenset({"GM", "IM", "WGM", "WIM"}),
                     True),
}
"""B.01 1.4.5, 1.4.7, 1.4.8 and 1.4.9, one line per norm."""


@dataclass(frozen=True)
class Opponent:
    """One game counted for norms: the opponent's rating for norms, title, federation, and the result."""

    rating: int
    title: str
    federation: str
    result: Fraction
    name: str = ""
    """The opponent's name and start number, and the round: what the IT1 certificate lists."""
    tpn: int = 0
    round: int = 0
    fide_id: str = ""


@dataclass(frozen=True)
class NormStatus:
    """One norm of one player: ``achieved``, ``possible`` or ``impossible``, with the reasons."""

    norm: str
    status: str
    needs: float | None
    reasons: tuple[str, ...]
    games: int = 0
    average: int | None = None
    performance: int | None = None
    left_out: tuple[int, ...] = ()
    """Positions (from 0, in round order) of the games left out to achieve the norm (B.01 1.4.1e/f)."""


@dataclass(frozen=True)
class PlayerNorms:
    tpn: int
    name: str
    norms: dict[str, NormStatus]


def norm_games(state: TournamentState, tpn: int) -> list[Opponent]:
    """The games ``tpn`` played over the board, as norms count them (forfeits and byes left out)."""
    games = []
    for record in state[tpn].records:
        if record.played and record.opponent is not None:
            opponent = state[record.opponent].player
            rating = opponent.rating if opponent.rating > 0 else UNRATED_OPPONENT
            games.append(Opponent(rating, opponent.title.strip().upper(), opponent.federation.strip().upper(),
                                  Fraction(record.result_fraction or 0).limit_denominator(2), opponent.name,
                                  opponent.tpn, record.round, opponent.fide_id.strip()))
    return games


def player_norms(state: TournamentState, tpn: int, *, rounds: int, exempt: bool = False,
                 needed: int = MIN_GAMES, open_exempt: bool = False) -> PlayerNorms:
    """Every norm of ``tpn`` after the rounds of ``state``, in an event of ``rounds`` rounds."""
    player = state[tpn].player
    games = norm_games(state, tpn)
    remaining = max(0, rounds - state.through_round)
    return PlayerNorms(tpn, player.name, {norm: judge(player, games, norm, remaining=remaining, rounds=rounds,
                                                      exempt=exempt, needed=needed, open_exempt=open_exempt)
                                      for norm in NORMS})


def all_norms(state: TournamentState, *, rounds: int, exempt: bool = False,
              needed: int = MIN_GAMES) -> list[PlayerNorms]:
    """Every player's norms, by start number."""
    open_exempt = swiss_exemption(state)
    return [player_norms(state, tpn, rounds=rounds, exempt=exempt, needed=needed, open_exempt=open_exempt)
            for tpn in sorted(state.players)]


def judge(player: Player, games: list[Opponent], norm: str, *, remaining: int, rounds: int,
          exempt: bool = False, needed: int = MIN_GAMES, open_exempt: bool = False) -> NormStatus:
    """One norm for ``player`` over ``games`` (in round order), with ``remaining`` rounds still to play of
    ``rounds``; a norm the whole event does not (yet) give may be achieved over fewer games (:func:`_dropping`)."""
    rules = _Rules(rounds, exempt, needed, open_exempt)
    whole = _judge(player, games, norm, remaining=remaining, rules=rules)
    if whole.status == "achieved" or len(games) <= needed:
        return whole
    for kept in _dropping(games, needed):
        fewer = _judge(player, [games[i] for i in kept], norm, remaining=0, rules=rules)
        if fewer.status == "achieved":
            left_out = tuple(i for i in range(len(games)) if i not in kept)
            note = (f"Achieved over {len(kept)} of the {len(games)} games, leaving out the game(s) of round(s) "
                    f"{', '.join(str(games[i].round or i + 1) for i in left_out)} (B.01 1.4.1e/f).")
            return NormStatus(norm, "achieved", None, (note,), len(kept), fewer.average, fewer.performance, left_out)
    return whole


def counted_games(games: list[Opponent], status: NormStatus) -> list[Opponent]:
    """The games ``status`` was judged over: ``games`` without those it left out."""
    return [g for i, g in enumerate(games) if i not in status.left_out]


def _dropping(games: list[Opponent], needed: int) -> list[list[int]]:
    """The fewer games a norm may be judged over, each at least ``needed``, most games first: the games
    up to a round (the later rounds left out, B.01 1.4.1e), and those without the lowest-rated opponents the
    player beat (B.01 1.4.1f), alone and together."""
    subsets = []
    for end in range(len(games), needed - 1, -1):
        wins = sorted((i for i in range(end) if games[i].result == 1), key=lambda i: games[i].rating)
        for dropped in range(0, min(len(wins), end - needed) + 1):
            if end < len(games) or dropped:
                subsets.append(sorted(set(range(end)) - set(wins[:dropped])))
    return sorted(subsets, key=len, reverse=True)


@dataclass(frozen=True)
class _Rules:
    """What the event sets for every norm: its rounds, the exemptions, the games a norm needs."""

    rounds: int
    exempt: bool
    needed: int
    open_exempt: bool


def _judge(player: Player, games: list[Opponent], norm: str, *, remaining: int, rules: _Rules) -> NormStatus:
    level = LEVELS[norm]
    rounds, needed = rules.rounds, rules.needed
    title = player.title.strip().upper()
    if title in level.held_by:
        return NormStatus(norm, "impossible", None, (f"The player holds the {title} title already.",), len(games))
    if level.women_only and player.sex.strip().upper() not in ("F", "W"):
        return NormStatus(norm, "impossible", None, (f"The {norm} title is for women (B.01 1.1).",), len(games))
    if rounds < needed:
        return NormStatus(norm, "impossible", None, (f"The event has {rounds} rounds: a norm needs at least "
                                                     f"{needed} games ({_games_rule(needed)}).",), len(games))
    final, hopeless = _composition(games, player.federation.strip().upper(), level, remaining, rules)
    ratings = _norm_ratings(games, level.floor)
    n = len(games)
    average = _half_up(Fraction(sum(ratings), n)) if n else None
    score = sum((g.result for g in games), Fraction(0))
    performance = average + rating_difference(_half_up(score * 100 / n)) if average is not None else None
    reasons = list(final)
    if n < needed:
        reasons.append(f"{n} games played over the board: a norm needs {needed} ({_games_rule(needed)}; forfeits and "
                       "byes are no games, B.01 1.4.2).")
        if n + remaining < needed:
            hopeless.append(f"At most {n + remaining} games can be played: a norm needs {needed} "
                            f"({_games_rule(needed)}).")
    if average is not None and average < level.average:
        reasons.append(f"Ra {average} is below the {level.average} a {norm} norm needs (B.01 1.4.8).")
    if performance is not None and performance < level.performance:
        reasons.append(f"Rp {performance} is below the {level.performance} of a {norm} norm (B.01 1.4.9).")
    if n and score * 100 < 35 * n:
        reasons.append(f"A score of {float(score):g} of {n} is below 35 % (B.01 1.4.9).")
    if not reasons and not hopeless:
        return NormStatus(norm, "achieved", None, (), n, average, performance)
    needs = _needs(score, n, remaining, max(average or level.average, level.average), level.performance)
    if needs is None or not remaining:
        hopeless.append(f"Even {remaining} win(s) in the remaining rounds would not reach Rp {level.performance} "
                        "(B.01 1.4.9)." if remaining else "No rounds remain to mend it.")
    if hopeless:
        return NormStatus(norm, "impossible", None, tuple(dict.fromkeys([*hopeless, *reasons])), n, average,
                          performance)
    return NormStatus(norm, "possible", needs, tuple(reasons), n, average, performance)


def _composition(games: list[Opponent], own: str, level: NormLevel, remaining: int,
                 rules: _Rules) -> tuple[list[str], list[str]]:
    """The federation and title rules: reasons that fail now, and those no remaining round can mend."""
    now: list[str] = []
    never: list[str] = []
    n = len(games)
    total = max(n, rules.needed)  # the fewest games the judgement can end with
    if not rules.exempt and n:
        _federations(games, own, remaining, rules.open_exempt, now, never)
    titled = sum(1 for g in games if g.title in TITLE_HOLDERS)
    if titled * 2 < max(n, 1):
        now.append(f"{titled} of {n} opponents hold a title: at least half must (B.01 1.4.5a).")
        if (titled + remaining) * 2 < total:
            never.append("Too few title-holders can still be met (B.01 1.4.5a).")
    of_level = sum(1 for g in games if g.title in level.level_titles)
    needed = max(3, math.ceil(Fraction(max(n, 1), 3)))
    if of_level < needed:
        names = "/".join(sorted(level.level_titles))
        now.append(f"{of_level} opponent(s) with the title {names}: at least a third, and three, are needed "
                   "(B.01 1.4.5).")
        if of_level + remaining < max(3, math.ceil(Fraction(total, 3))):
            never.append(f"Too few {names} opponents can still be met (B.01 1.4.5).")
    return now, never


def _federations(games: list[Opponent], own: str, remaining: int, open_exempt: bool, now: list[str],
                 never: list[str]) -> None:
    """B.01 1.4.3: two foreign federations, and (unless the open Swiss event is exempt, B.01 1.4.4) the three
    fifths and two thirds caps."""
    n = len(games)
    federations = Counter(g.federation for g in games)
    foreign = {f for f in federations if f and f != own}
    if len(foreign) < 2:
        now.append(f"Opponents from {len(foreign)} federation(s) other than the player's: a norm needs two "
                   "(B.01 1.4.3a).")
        if len(foreign) + remaining < 2:
            never.append("Too few rounds remain to meet two foreign federations (B.01 1.4.3a).")
    if open_exempt:
        return
    if own and federations[own] * 5 > 3 * n:
        now.append(f"{federations[own]} of {n} opponents from the player's federation: at most three fifths "
                   "(B.01 1.4.3b).")
        if federations[own] * 5 > 3 * (n + remaining):
            never.append("Too many opponents from the player's federation already (B.01 1.4.3b).")
    most, count = federations.most_common(1)[0]
    if count * 3 > 2 * n:
        now.append(f"{count} of {n} opponents from {most or 'no federation'}: at most two thirds (B.01 1.4.3c).")
        if count * 3 > 2 * (n + remaining):
            never.append(f"Too many opponents from {most or 'no federation'} already (B.01 1.4.3c).")


OPEN_FOREIGN_PLAYERS = 20
"""B.01 1.4.4: a Swiss event with at least 20 rated players not of the host federation, from at least three
federations (:data:`OPEN_FEDERATIONS`), at least ten of them GM, IM, WGM or WIM (:data:`OPEN_TITLED`), is free
of the caps of B.01 1.4.3b and c."""
OPEN_FEDERATIONS = 3
OPEN_TITLED = 10


def swiss_exemption(state: TournamentState) -> bool:
    """Whether the event of ``state`` is the open Swiss event B.01 1.4.4 frees from the caps of 1.4.3b and c
    (the host federation is the event header's)."""
    host = state.settings.event.federation.strip().upper()
    if state.traits.fixed_schedule or not host:
        return False
    foreign = [p for p in (s.player for s in state.players.values())
               if p.rating > 0 and p.federation.strip() and p.federation.strip().upper() != host]
    return (len(foreign) >= OPEN_FOREIGN_PLAYERS and len({p.federation.strip().upper() for p in foreign})
            >= OPEN_FEDERATIONS and sum(1 for p in foreign if p.title.strip().upper() in {"GM", "IM", "WGM", "WIM"})
            >= OPEN_TITLED)


def _norm_ratings(games: list[Opponent], floor: int) -> list[int]:
    """The opponents' ratings for Ra: the lowest one below the floor raised to it (B.01 1.4.7)."""
    ratings = sorted(g.rating for g in games)
    if ratings and ratings[0] < floor:
        ratings[0] = floor
    return ratings


def _needs(score: Fraction, n: int, remaining: int, average: int, performance: int) -> float | None:
    """The fewest points in ``remaining`` rounds reaching ``performance`` and 35 % at ``average``."""
    total = n + remaining
    if total == 0:
        return None
    for halves in range(0, 2 * remaining + 1):
        final = score + Fraction(halves, 2)
        if final * 100 >= 35 * total and average + rating_difference(_half_up(final * 100 / total)) >= performance:
            return halves / 2
    return None


IT3_TITLES = ("GM", "IM", "WGM", "WIM", "FM", "WFM")
"""The titles FIDE's IT3 tournament report counts among the participants."""


@dataclass(frozen=True)
class It3Counts:
    """The counts of FIDE's IT3 tournament report."""

    players: int
    federations: int
    rated: int
    unrated: int
    titles: dict[str, int]
    """Participants holding each title of :data:`IT3_TITLES`."""
    rounds: int
    norms: dict[str, int]
    """Norms achieved of each kind of :data:`NORMS`."""


def it3_counts(state: TournamentState, found: list[PlayerNorms]) -> It3Counts:
    """The IT3 counts of the event of ``state``, with the norms ``found`` after its rounds."""
    players = [state[tpn].player for tpn in sorted(state.players)]
    titles = Counter(p.title.strip().upper() for p in players)
    achieved = Counter(code for p in found for code, n in p.norms.items() if n.status == "achieved")
    return It3Counts(len(players), len({p.federation.strip().upper() for p in players if p.federation.strip()}),
                     sum(1 for p in players if p.rating > 0), sum(1 for p in players if p.rating <= 0),
                     {title: titles[title] for title in IT3_TITLES}, state.through_round,
                     {code: achieved[code] for code in NORMS})


def _games_rule(needed: int) -> str:
    """The article behind ``needed`` games: nine as a rule, seven or eight in the events B.01 1.4.1b-d names."""
    return "B.01 1.4.1a" if needed >= MIN_GAMES else "B.01 1.4.1b-d"


def _half_up(value: Fraction) -> int:
    return math.floor(value + Fraction(1, 2))


__all__ = ["FEWEST_GAMES", "IT3_TITLES", "LEVELS", "MIN_GAMES", "NORMS", "OPEN_FEDERATIONS", "OPEN_FOREIGN_PLAYERS",
           "OPEN_TITLED", "TITLE_HOLDERS", "UNRATED_OPPONENT", "It3Counts", "NormLevel", "NormStatus", "Opponent",
           "PlayerNorms", "all_norms", "counted_games", "it3_counts", "judge", "norm_games", "player_norms",
           "swiss_exemption"]
