"""Title norms (FIDE Title Regulations B.01, in force since 1 January 2024): for each player and norm,
achieved, still possible, or not.

A norm is judged over the games played over the board so far: a forfeit or a bye is no game (B.01 1.4.2c),
nor is a game in a round robin against an unrated opponent who scored nothing against the rated ones
(B.01 1.4.2b). Each condition below is checked on its own and, when it fails, gives one sentence with its
article; a norm is **achieved** when every condition holds now, **impossible** when some condition can no
longer hold whatever the remaining rounds bring, and **possible** otherwise, with the points the player needs
in the remaining rounds (``needs``):

* at least nine games (B.01 1.4.1a): an event of fewer than nine rounds gives no norm, except the team
  championships and cups of seven or eight games B.01 1.4.1b names, where the arbiter gives ``needed``
  (7 or 8); in a nine-round event, eight games and a forfeit win or a pairing-allocated bye count as nine
  (B.01 1.4.1c);
* at least two federations other than the player's among the opponents (B.01 1.4.3), at most three fifths
  of the opponents from the player's federation and at most two thirds from one federation (B.01 1.4.4);
  ``FID`` is no federation for these counts (B.01 1.4.2a); an exempt event checks none of them: the events
  of B.01 1.4.3a-c, which the arbiter names, and the big open Swiss of B.01 1.4.3d, found from the roster;
* at least half of the opponents title-holders (GM, IM, WGM, WIM, FM, WFM; B.01 1.4.5a), and at least a
  third of them, and at least three, of the norm's level (B.01 1.4.5b-e);
* opponents rated as on the list, an unrated opponent counting 1400, and the lowest one rated below the
  norm's floor raised to it (B.01 1.4.6);
* Ra, the opponents' average rounded .5 up (B.01 1.4.7), at least the norm's minimum (B.01 1.4.8a);
* Rp = Ra + dp (dp from the table of B.01 1.4.9) at least the norm's level (B.01 1.4.8), with a score of at
  least 35 % (B.01 1.4.8b).

``needs`` assumes the remaining opponents keep Ra where it is (or bring it to the minimum when it is
below) and meet the composition rules: the fewest points in the remaining rounds that would reach the
performance and the 35 %. A norm the whole event does not give may be achieved over fewer games, at least
those a norm needs: the games up to a round, the later ones left out (B.01 1.4.1e; not in an event of
pre-determined pairings, which counts every round), or without games the player won (B.01 1.4.1f); the games
left out are named, and the IT1 certificate lists the games counted. A last-round game the opponent forfeited
may be counted as a game lost when the norm needs it (B.01 1.4.2c). An achieved norm counts one game more for
each full point above the score it needs (B.01 1.4.1d): ``counts_as``.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, replace
from fractions import Fraction
from itertools import combinations

from .model import Outcome, Player
from .state import RoundRecord, TournamentState
from .tiebreaks.fide import rating_difference

NORMS = ("GM", "IM", "WGM", "WIM")

MIN_GAMES = 9
"""B.01 1.4.1a: games a norm needs, as a rule."""

FEWEST_GAMES = 7
"""B.01 1.4.1b: the fewest games a norm needs in the team championships and cups that need fewer than nine."""

UNRATED_OPPONENT = 1400
"""B.01 1.4.6: the rating an unrated opponent counts for."""

NO_FEDERATION = "FID"
"""B.01 1.4.2a: a player registered with FIDE itself: the game counts, but FID is no federation for the
federation rules (neither a foreign one nor the one of too many opponents)."""

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
"""B.01 1.4.5b-e (titles of the level), 1.4.6 (floor), 1.4.8 and 1.4.8a (Rp and Ra), one line per norm."""


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
    forfeited: bool = False
    """A last-round game the opponent forfeited, counted as a game the player lost (B.01 1.4.2c)."""


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
    counts_as: int | None = None
    """For an achieved norm, the games it counts for in a title application: one more for each full point
    above the score the norm needs (B.01 1.4.1d)."""


@dataclass(frozen=True)
class PlayerNorms:
    tpn: int
    name: str
    norms: dict[str, NormStatus]


def norm_games(state: TournamentState, tpn: int) -> list[Opponent]:
    """The games ``tpn`` played over the board, as norms count them: forfeits and byes left out
    (B.01 1.4.2c), and, in a round robin, the games against an unrated opponent who scored nothing against
    the rated players (B.01 1.4.2b)."""
    return [_opponent(state, record, Fraction(record.result_fraction or 0).limit_denominator(2))
            for record in state[tpn].records
            if record.played and record.opponent is not None and not _scoreless_unrated(state, record.opponent)]


def last_round_forfeit(state: TournamentState, tpn: int, rounds: int) -> Opponent | None:
    """The game of the event's last round that ``tpn``'s opponent forfeited, as a game ``tpn`` lost: B.01
    1.4.2c lets it count when the player needed the game and could afford to lose it."""
    for record in state[tpn].records:
        if record.round == rounds and record.outcome is Outcome.FORFEIT_WIN and record.opponent is not None:
            return _opponent(state, record, Fraction(0), forfeited=True)
    return None


def _opponent(state: TournamentState, record: RoundRecord, result: Fraction, *, forfeited: bool = False) -> Opponent:
    assert record.opponent is not None
    opponent = state[record.opponent].player
    rating = opponent.rating if opponent.rating > 0 else UNRATED_OPPONENT
    return Opponent(rating, opponent.title.strip().upper(), opponent.federation.strip().upper(), result,
                    opponent.name, opponent.tpn, record.round, opponent.fide_id.strip(), forfeited)


def _scoreless_unrated(state: TournamentState, tpn: int) -> bool:
    """B.01 1.4.2b: in a round robin, an unrated player who scored nothing against the rated players."""
    if not state.traits.fixed_schedule or state[tpn].player.rating > 0:
        return False
    return not any(r.played and r.opponent is not None and state[r.opponent].player.rating > 0
                   and (r.result_fraction or 0) > 0 for r in state[tpn].records)


def _credited(state: TournamentState, tpn: int) -> bool:
    """Whether ``tpn`` has a round won by forfeit or a pairing-allocated bye (B.01 1.4.1c)."""
    return any(r.outcome in (Outcome.FORFEIT_WIN, Outcome.PAIRING_BYE) for r in state[tpn].records)


def player_norms(state: TournamentState, tpn: int, *, rounds: int, exempt: bool = False,
                 needed: int = MIN_GAMES, open_exempt: bool = False) -> PlayerNorms:
    """Every norm of ``tpn`` after the rounds of ``state``, in an event of ``rounds`` rounds."""
    player = state[tpn].player
    games = norm_games(state, tpn)
    remaining = max(0, rounds - state.through_round)
    rules = NormRules(rounds, exempt or open_exempt, needed, state.traits.fixed_schedule, _credited(state, tpn),
                      last_round_forfeit(state, tpn, rounds))
    return PlayerNorms(tpn, player.name, {norm: judge(player, games, norm, remaining=remaining, rules=rules)
                                          for norm in NORMS})


def all_norms(state: TournamentState, *, rounds: int, exempt: bool = False,
              needed: int = MIN_GAMES) -> list[PlayerNorms]:
    """Every player's norms, by start number."""
    open_exempt = swiss_exemption(state)
    return [player_norms(state, tpn, rounds=rounds, exempt=exempt, needed=needed, open_exempt=open_exempt)
            for tpn in sorted(state.players)]


@dataclass(frozen=True)
class NormRules:
    """What decides a player's norms besides the games: the event's rounds, whether it is exempt from the
    federation rules (B.01 1.4.3a-d), the games a norm needs (B.01 1.4.1a-b), whether its pairings were
    pre-determined (a round robin: B.01 1.4.1e), whether the player has a forfeit win or a pairing-allocated
    bye (B.01 1.4.1c), and the last-round game the opponent forfeited (B.01 1.4.2c)."""

    rounds: int
    exempt: bool = False
    needed: int = MIN_GAMES
    predetermined: bool = False
    credited: bool = False
    forfeit: Opponent | None = None

    def games_needed(self, games: int) -> int:
        """The games a norm over ``games`` needs: eight stand for nine in a nine-round event when the player
        has a forfeit win or a pairing-allocated bye (B.01 1.4.1c)."""
        if self.needed == MIN_GAMES and self.rounds == MIN_GAMES and self.credited and games <= MIN_GAMES - 1:
            return MIN_GAMES - 1
        return self.needed


def judge(player: Player, games: list[Opponent], norm: str, *, remaining: int, rules: NormRules) -> NormStatus:
    """One norm for ``player`` over ``games`` (in round order), with ``remaining`` rounds still to play; a
    norm the whole event does not (yet) give may be achieved over fewer games (:func:`_dropping`), or with a
    last-round game the opponent forfeited counted as lost (B.01 1.4.2c)."""
    whole = _judge(player, games, norm, remaining=remaining, rules=rules)
    if whole.status == "achieved":
        return whole
    if rules.forfeit is not None and not remaining:
        counted = _judge(player, [*games, rules.forfeit], norm, remaining=0, rules=rules)
        if counted.status == "achieved":
            note = (f"Achieved with the game of round {rules.forfeit.round}, which the opponent forfeited, "
                    "counted as lost (B.01 1.4.2c).")
            return replace(counted, reasons=(note,))
    for kept in _dropping(player, games, norm, rules):
        fewer = _judge(player, [games[i] for i in kept], norm, remaining=0, rules=rules)
        if fewer.status == "achieved":
            left_out = tuple(i for i in range(len(games)) if i not in kept)
            note = (f"Achieved over {len(kept)} of the {len(games)} games, leaving out the game(s) of round(s) "
                    f"{', '.join(str(games[i].round or i + 1) for i in left_out)} (B.01 1.4.1e/f).")
            return replace(fewer, reasons=(note,), left_out=left_out)
    return whole


def counted_games(state: TournamentState, tpn: int, status: NormStatus) -> list[Opponent]:
    """The games ``status`` (a norm of ``tpn``) was judged over, as the IT1 certificate lists them: the games
    for norms without those it left out, with the last-round game the opponent forfeited when the norm
    counted it as lost (B.01 1.4.2c)."""
    kept = [g for i, g in enumerate(norm_games(state, tpn)) if i not in status.left_out]
    forfeit = last_round_forfeit(state, tpn, state.settings.rounds)
    return [*kept, forfeit] if forfeit is not None and status.games == len(kept) + 1 else kept


def _dropping(player: Player, games: list[Opponent], norm: str, rules: NormRules) -> Iterator[list[int]]:
    """The fewer games a norm may be judged over, each at least the games it needs, most games first: the
    games up to a round (the later rounds left out, B.01 1.4.1e, not in an event of pre-determined pairings),
    and those without some games the player won (B.01 1.4.1f), alone and together.

    For a number of wins left out, leaving out those against the lowest-rated opponents gives the highest Ra
    (and the same score), so when that choice misses Ra, Rp or 35 % every other choice of as many wins misses
    them too and is not tried; other choices are tried only when the composition rules were what failed."""
    level = LEVELS[norm]
    ends = [len(games)] if rules.predetermined else range(len(games), rules.games_needed(len(games)) - 1, -1)
    choices = []
    for end in ends:
        needed = rules.games_needed(end)
        wins = sorted((i for i in range(end) if games[i].result == 1), key=lambda i: games[i].rating)
        for dropped in range(0, min(len(wins), end - needed) + 1):
            if end < len(games) or dropped:
                choices.append((end - dropped, end, wins, dropped))
    for _kept, end, wins, dropped in sorted(choices, key=lambda c: (-c[0], -c[1])):
        lowest = sorted(set(range(end)) - set(wins[:dropped]))
        yield lowest
        if dropped and _performs([games[i] for i in lowest], level):
            for other in combinations(wins, dropped):
                if list(other) != wins[:dropped]:
                    yield sorted(set(range(end)) - set(other))


def _performs(games: list[Opponent], level: NormLevel) -> bool:
    """Whether ``games`` reach the level's Ra, Rp and 35 % (the composition rules aside)."""
    n = len(games)
    average = _half_up(Fraction(sum(_norm_ratings(games, level.floor)), n))
    score = sum((g.result for g in games), Fraction(0))
    return (average >= level.average and score * 100 >= 35 * n
            and average + rating_difference(_half_up(score * 100 / n)) >= level.performance)


def _judge(player: Player, games: list[Opponent], norm: str, *, remaining: int, rules: NormRules) -> NormStatus:
    level = LEVELS[norm]
    rounds = rules.rounds
    needed = rules.games_needed(len(games) + remaining)
    title = player.title.strip().upper()
    if title in level.held_by:
        return NormStatus(norm, "impossible", None, (f"The player holds the {title} title already.",), len(games))
    if level.women_only and player.sex.strip().upper() not in ("F", "W"):
        return NormStatus(norm, "impossible", None, (f"The {norm} title is a women's title.",), len(games))
    if rounds < needed:
        return NormStatus(norm, "impossible", None, (f"The event has {rounds} rounds: a norm needs at least "
                                                     f"{needed} games ({_games_rule(rules.needed)}).",), len(games))
    final, hopeless = _composition(games, player.federation.strip().upper(), level, remaining, rules)
    ratings = _norm_ratings(games, level.floor)
    n = len(games)
    average = _half_up(Fraction(sum(ratings), n)) if n else None
    score = sum((g.result for g in games), Fraction(0))
    performance = average + rating_difference(_half_up(score * 100 / n)) if average is not None else None
    reasons = list(final)
    if n < needed:
        reasons.append(f"{n} games played over the board: a norm needs {needed} ({_games_rule(rules.needed)}; "
                       "forfeits and byes are no games, B.01 1.4.2c).")
        if n + remaining < needed:
            hopeless.append(f"At most {n + remaining} games can be played: a norm needs {needed} "
                            f"({_games_rule(rules.needed)}).")
    if average is not None and average < level.average:
        reasons.append(f"Ra {average} is below the {level.average} a {norm} norm needs (B.01 1.4.8a).")
    if performance is not None and performance < level.performance:
        reasons.append(f"Rp {performance} is below the {level.performance} of a {norm} norm (B.01 1.4.8).")
    if n and score * 100 < 35 * n:
        reasons.append(f"A score of {float(score):g} of {n} is below 35 % (B.01 1.4.8b).")
    if not reasons and not hopeless:
        assert average is not None
        credit = () if needed == rules.needed else (
            "Eight games and a forfeit win or a pairing-allocated bye count as nine (B.01 1.4.1c).",)
        return NormStatus(norm, "achieved", None, credit, n, average, performance,
                          counts_as=n + _points_above(score, n, average, level.performance))
    needs = _needs(score, n, remaining, max(average or level.average, level.average), level.performance)
    if needs is None or not remaining:
        hopeless.append(f"Even {remaining} win(s) in the remaining rounds would not reach Rp {level.performance} "
                        "(B.01 1.4.8)." if remaining else "No rounds remain to mend it.")
    if hopeless:
        return NormStatus(norm, "impossible", None, tuple(dict.fromkeys([*hopeless, *reasons])), n, average,
                          performance)
    return NormStatus(norm, "possible", needs, tuple(reasons), n, average, performance)


def _points_above(score: Fraction, n: int, average: int, performance: int) -> int:
    """Full points of ``score`` above the least score over ``n`` games at ``average`` that reaches
    ``performance`` and 35 % (B.01 1.4.1d)."""
    least = next(Fraction(halves, 2) for halves in range(0, 2 * n + 1)
                 if halves * 50 >= 35 * n and average + rating_difference(_half_up(Fraction(halves * 50, n)))
                 >= performance)
    return math.floor(score - least)


def _composition(games: list[Opponent], own: str, level: NormLevel, remaining: int,
                 rules: NormRules) -> tuple[list[str], list[str]]:
    """The federation and title rules: reasons that fail now, and those no remaining round can mend."""
    now: list[str] = []
    never: list[str] = []
    n = len(games)
    total = max(n, rules.games_needed(n + remaining))  # the fewest games the judgement can end with
    if not rules.exempt and n:
        _federations(games, own, remaining, now, never)
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
                   "(B.01 1.4.5b-e).")
        if of_level + remaining < max(3, math.ceil(Fraction(total, 3))):
            never.append(f"Too few {names} opponents can still be met (B.01 1.4.5b-e).")
    return now, never


def _federations(games: list[Opponent], own: str, remaining: int, now: list[str], never: list[str]) -> None:
    """Two foreign federations (B.01 1.4.3) and the three fifths and two thirds caps (B.01 1.4.4); FID is
    no federation for either (B.01 1.4.2a)."""
    n = len(games)
    federations = Counter(g.federation for g in games if g.federation and g.federation != NO_FEDERATION)
    foreign = {f for f in federations if f != own}
    if len(foreign) < 2:
        now.append(f"Opponents from {len(foreign)} federation(s) other than the player's: a norm needs two "
                   "(B.01 1.4.3).")
        if len(foreign) + remaining < 2:
            never.append("Too few rounds remain to meet two foreign federations (B.01 1.4.3).")
    if own and own != NO_FEDERATION and federations[own] * 5 > 3 * n:
        now.append(f"{federations[own]} of {n} opponents from the player's federation: at most three fifths "
                   "(B.01 1.4.4).")
        if federations[own] * 5 > 3 * (n + remaining):
            never.append("Too many opponents from the player's federation already (B.01 1.4.4).")
    if not federations:
        return
    most, count = federations.most_common(1)[0]
    if count * 3 > 2 * n:
        now.append(f"{count} of {n} opponents from {most}: at most two thirds from one federation (B.01 1.4.4).")
        if count * 3 > 2 * (n + remaining):
            never.append(f"Too many opponents from {most} already (B.01 1.4.4).")


OPEN_FOREIGN_PLAYERS = 20
"""B.01 1.4.3d: a Swiss event with, in every round, at least 20 rated players not of the host federation,
from at least three federations (:data:`OPEN_FEDERATIONS`), at least ten of them GM, IM, WGM or WIM
(:data:`OPEN_TITLED`), is free of the federation rules of B.01 1.4.3 and 1.4.4; a player counts when they
missed at most one round, a pairing-allocated bye not counted as missed."""
OPEN_FEDERATIONS = 3
OPEN_TITLED = 10


def swiss_exemption(state: TournamentState) -> bool:
    """Whether the event of ``state`` is the open Swiss event B.01 1.4.3d frees from the federation rules
    (the host federation is the event header's; FID is no federation, B.01 1.4.2a)."""
    host = state.settings.event.federation.strip().upper()
    if state.traits.fixed_schedule or not host:
        return False
    foreign = [s.player for s in state.players.values()
               if s.player.rating > 0 and s.player.federation.strip().upper() not in ("", host, NO_FEDERATION)
               and _missed(s.records, state.through_round) <= 1]
    return (len(foreign) >= OPEN_FOREIGN_PLAYERS and len({p.federation.strip().upper() for p in foreign})
            >= OPEN_FEDERATIONS and sum(1 for p in foreign if p.title.strip().upper() in {"GM", "IM", "WGM", "WIM"})
            >= OPEN_TITLED)


def _missed(records: list[RoundRecord], through_round: int) -> int:
    """Rounds up to ``through_round`` the player did not come to play: neither a game played nor won by
    forfeit, nor a pairing-allocated bye (B.01 1.4.3d)."""
    present = sum(1 for r in records if r.round <= through_round
                  and (r.played or r.outcome in (Outcome.FORFEIT_WIN, Outcome.PAIRING_BYE)))
    return through_round - present


def _norm_ratings(games: list[Opponent], floor: int) -> list[int]:
    """The opponents' ratings for Ra: the lowest one below the floor raised to it (B.01 1.4.6)."""
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
    """The article behind ``needed`` games: nine as a rule, seven or eight in the events B.01 1.4.1b names."""
    return "B.01 1.4.1a" if needed >= MIN_GAMES else "B.01 1.4.1b"


def _half_up(value: Fraction) -> int:
    return math.floor(value + Fraction(1, 2))


__all__ = ["FEWEST_GAMES", "IT3_TITLES", "LEVELS", "MIN_GAMES", "NO_FEDERATION", "NORMS", "OPEN_FEDERATIONS",
           "OPEN_FOREIGN_PLAYERS", "OPEN_TITLED", "TITLE_HOLDERS", "UNRATED_OPPONENT", "It3Counts", "NormLevel",
           "NormRules", "NormStatus", "Opponent", "PlayerNorms", "all_norms", "counted_games", "it3_counts", "judge",
           "last_round_forfeit", "norm_games", "player_norms", "swiss_exemption"]
