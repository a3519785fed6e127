"""Winther's Berger-Swiss system (the Berger-Swiss text, the whole specification (docs/sources.md); no page exists).

Players keep their rating-order start numbers. They are cut into rating groups of six (five Berger rounds)
or eight (seven), with exchanges between adjacent groups; each group is then drawn by lot and plays the
FIDE Berger table (:func:`~sheetpair.pairing.berger.schedule_round`). Players left over form the bottom
Swiss field, in rating order, which plays Swiss rounds from round 1. After the Berger rounds everyone
active plays in one Swiss field. Ties and the Swiss order use WNT over played games (code ``WNTP``).

Choices the text leaves open, made here and named in the options:

* ``exchanges``: how many players each pair of adjacent groups swaps: the upper group's i-th lowest with
  the lower group's i-th highest, by the rating order inside the groups before the lot; the exchange also
  runs between the last Berger group and the Swiss field when that field is large enough;
* ``lot``: ``random`` (the text's lot, replayable from the saved random seed) or ``rating`` (Berger numbers
  in rating order, for arbiters who draw by hand and type the order into the roster).

Withdrawals (the text: "Withdrawals and early conversion to Swiss"): from the round the withdrawal takes effect,
the affected group and every later group join the Swiss field; earlier groups keep their tables. Only the
last group with no Swiss field in existence keeps its table, and then its players scheduled against a
withdrawn player get one-point pairing byes (two withdrawn players' game is dropped). Nothing here changes
a round already paired, and no forfeit is set automatically.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..core.errors import PairingError
from ..core.model import Bye, Colour, Game, Outcome, Player, Settings, Tournament
from ..core.state import PlayerState, TournamentState, derive
from ..core.tiebreaks import compute_tiebreak
from .base import OptionSpec, Pairing, PairingSystem
from .berger import schedule_round
from .colours import run_length
from .common import pairing_bye, players_to_pair, requested_byes
from .topdown import can_pair_all, top_down_pairing

TIEBREAK = "WNTP"
"""WNT over played games: the text leaves byes, forfeits and postponed games out of it."""

SCORE_LIMITS: tuple[float | None, ...] = (0.0, 0.5, 1.0, None)
"""Maximum score differences tried in turn (the text: zero, half a point, one point, unrestricted)."""

BALANCE_LIMITS: tuple[int | None, ...] = (2, None)
"""White-minus-Black totals within two first, then relaxed."""


@dataclass(frozen=True)
class GroupPlan:
    """The groups as established before round 1; they never change (the text: memberships are permanent).

    ``groups[i]`` lists the start numbers of Berger group i+1 in Berger-table order (after the lot);
    ``swiss`` is the residual Swiss field in rating order.
    """

    groups: tuple[tuple[int, ...], ...]
    swiss: tuple[int, ...]

    def group_of(self, tpn: int) -> int | None:
        """Index of the Berger group of ``tpn`` (0 = group 1), ``None`` for the residual Swiss field."""
        return next((i for i, g in enumerate(self.groups) if tpn in g), None)


def group_plan(players: list[Player], settings: Settings, *, group_size: int, exchanges: int, lot: str) -> GroupPlan:
    """Cuts the start order into groups, applies the exchanges, then draws each Berger group by lot.

    Exchanges use positions in the rating order inside each group before any exchange, so a player moves at
    most once (``exchanges`` is at most half a group). The lot uses one ``random.Random(settings.seed)`` for
    the groups in order; the Swiss field keeps rating order.
    """
    order = [p.tpn for p in sorted(players, key=lambda p: p.tpn)]
    count = len(order) // group_size
    bands = [order[i * group_size:(i + 1) * group_size] for i in range(count)] + [order[count * group_size:]]
    moved = [list(b) for b in bands]
    for upper in range(len(bands) - 1):
        lower = upper + 1
        for i in range(1, exchanges + 1):
            if len(bands[lower]) < i:
                break
            down, up = bands[upper][-i], bands[lower][i - 1]
            moved[upper][moved[upper].index(down)] = up
            moved[lower][moved[lower].index(up)] = down
    rng = random.Random(0 if settings.seed is None else settings.seed)
    groups = []
    for members in moved[:count]:
        drawn = sorted(members)
        if lot == "random":
            rng.shuffle(drawn)
        groups.append(tuple(drawn))
    return GroupPlan(tuple(groups), tuple(sorted(moved[count])))


def swiss_order(state: TournamentState, field: list[int]) -> list[int]:
    """Swiss standings order: descending score, descending live WNT, then ascending start number."""
    wnt = {t: compute_tiebreak(state, t, TIEBREAK).value for t in field}
    return sorted(field, key=lambda t: (-state.score(t), -wnt[t], t))


def colour_history(player: PlayerState) -> list[Colour]:
    """Colours for the Swiss rules: played games, and postponed games at their scheduled colour.

    Byes and forfeits add no colour and do not interrupt a run (the text: Color allocation).
    """
    colours = []
    for r in player.records:
        if r.played and r.colour is not None:
            colours.append(r.colour)
        elif r.outcome is Outcome.PENDING and r.scheduled_colour is not None:
            colours.append(r.scheduled_colour)
    return colours


def meetings(player: PlayerState, other: int) -> int:
    """Games against ``other`` that count as an encounter: played or postponed (a forfeit is none)."""
    return sum(
        1 for r in player.records if r.opponent == other and (r.played or r.outcome is Outcome.PENDING)
    )


@dataclass(frozen=True)
class _Colours:
    """What the colour rules need of one player's history: totals, last colour and its current run."""

    whites: int
    blacks: int
    last: Colour | None
    run: int

    @classmethod
    def of(cls, colours: list[Colour]) -> _Colours:
        whites = colours.count(Colour.WHITE)
        return cls(whites, len(colours) - whites, colours[-1] if colours else None, run_length(colours))

    def run_after(self, colour: Colour) -> int:
        return self.run + 1 if colour is self.last else 1

    def balance_after(self, colour: Colour) -> int:
        return self.whites - self.blacks + (1 if colour is Colour.WHITE else -1)


@dataclass(frozen=True)
class _Stage:
    """One step of the search: the limits in force (``None``: none) and whether rematches are allowed."""

    run_limit: int | None
    balance_limit: int | None
    score_limit: float | None
    rematches: bool


class _SwissField:
    """One round's Swiss pairing of a field, with the text's search order and relaxations."""

    def __init__(self, tournament: Tournament, state: TournamentState, field: list[int]):
        self.tournament = tournament
        self.state = state
        self.order = swiss_order(state, field)
        self.rank = {t: i for i, t in enumerate(self.order)}
        self.colours = {t: _Colours.of(colour_history(state[t])) for t in field}

    def pair(self, round_number: int) -> tuple[list[tuple[int, int]], list[int], list[str]]:
        """(white, black) pairs in board order, the bye (if any), and notes on rematches."""
        eligible = self._fewest_byes_from_bottom()
        longest = max((c.run for c in self.colours.values()), default=0)
        # no third equal colour first, then the limit goes up by one; at longest + 1 it restricts nothing
        for run_limit in range(2, max(longest, 1) + 2):
            found, recipient = self._first_recipient(eligible, _Stage(run_limit, None, None, rematches=False))
            if not found:
                continue
            players = [t for t in self.order if t != recipient]
            for balance in BALANCE_LIMITS:
                for score in SCORE_LIMITS:
                    pairs = self._top_down(players, _Stage(run_limit, balance, score, rematches=False))
                    if pairs is not None:
                        return pairs, [recipient] if recipient is not None else [], []
        stage = _Stage(None, None, None, rematches=True)
        found, recipient = self._first_recipient(eligible, stage)
        pairs = self._top_down([t for t in self.order if t != recipient], stage) if found else None
        if pairs is None:
            raise PairingError(f"round {round_number}: the forbidden pairs leave the Swiss field no pairing")
        notes = [
            f"rematch: {w} against {b} (no pairing without rematches exists)"
            for w, b in pairs
            if meetings(self.state[w], b)
        ]
        return pairs, [recipient] if recipient is not None else [], notes

    def _fewest_byes_from_bottom(self) -> list[int | None]:
        """Bye candidates from the bottom of the standings among the fewest previous pairing byes.

        Scheduled Berger byes are pairing byes too, so they count; a forfeit win does not (the text: Forfeits).
        """
        if len(self.order) % 2 == 0:
            return [None]
        byes = {t: sum(1 for r in self.state[t].records if r.outcome is Outcome.PAIRING_BYE) for t in self.order}
        fewest = min(byes.values())
        return [t for t in reversed(self.order) if byes[t] == fewest]

    def _first_recipient(self, eligible: list[int | None], stage: _Stage) -> tuple[bool, int | None]:
        """(True, the first candidate whose absence leaves a complete pairing at ``stage``), or (False, None).

        The candidate ``None`` stands for "no bye" in an even field.
        """
        for recipient in eligible:
            players = [t for t in self.order if t != recipient]
            if can_pair_all(players, lambda a, b: self._allowed(a, b, stage)):
                return True, recipient
        return False, None

    def _top_down(self, players: list[int], stage: _Stage) -> list[tuple[int, int]] | None:
        pairs = top_down_pairing(
            players, lambda a, b: self._allowed(a, b, stage), lambda a, b: self._preference(a, b, stage)
        )
        if pairs is None:
            return None
        return [self._orient(a, b, stage) for a, b in pairs]

    def _allowed(self, a: int, b: int, stage: _Stage) -> bool:
        if frozenset((a, b)) in self.tournament.forbidden_pairs:
            return False
        if not stage.rematches and meetings(self.state[a], b):
            return False
        if stage.score_limit is not None and abs(self.state.score(a) - self.state.score(b)) > stage.score_limit:
            return False
        return bool(self._legal_orientations(a, b, stage))

    def _legal_orientations(self, a: int, b: int, stage: _Stage) -> list[tuple[int, int]]:
        legal = []
        for white, black in ((a, b), (b, a)):
            ok = True
            for tpn, colour in ((white, Colour.WHITE), (black, Colour.BLACK)):
                c = self.colours[tpn]
                if stage.run_limit is not None and c.run_after(colour) > stage.run_limit:
                    ok = False
                if stage.balance_limit is not None and abs(c.balance_after(colour)) > stage.balance_limit:
                    ok = False
            if ok:
                legal.append((white, black))
        return legal

    def _colour_penalty(self, white: int, black: int) -> tuple[int, int, int, int]:
        """Seed order: runs beyond two, then their length, then total balance, then alternation."""
        over = excess = balance = repeats = 0
        for tpn, colour in ((white, Colour.WHITE), (black, Colour.BLACK)):
            c = self.colours[tpn]
            run = c.run_after(colour)
            over += run > 2
            excess += max(0, run - 2)
            balance += abs(c.balance_after(colour))
            repeats += colour is c.last
        return over, excess, balance, repeats

    def _orient(self, a: int, b: int, stage: _Stage) -> tuple[int, int]:
        """Both colour assignments compared; equal ones give White to fewer Whites, then the higher TPN."""
        return min(
            self._legal_orientations(a, b, stage),
            key=lambda wb: (self._colour_penalty(*wb), self.colours[wb[0]].whites, -wb[0]),
        )

    def _preference(self, a: int, b: int, stage: _Stage) -> tuple[object, ...]:
        colour = min(self._colour_penalty(w, k) for w, k in self._legal_orientations(a, b, stage))
        score_gap = abs(self.state.score(a) - self.state.score(b))
        if stage.rematches:
            return (meetings(self.state[a], b), score_gap, colour, self.rank[b])
        return (score_gap, colour, self.rank[b])


def _describe(plan: GroupPlan) -> list[str]:
    """The groups in words, printed with round 1 so the draw is on record (the text: memberships are permanent)."""
    lines = [
        f"Berger group {i}: " + ", ".join(f"{pos}={tpn}" for pos, tpn in enumerate(members, start=1))
        for i, members in enumerate(plan.groups, start=1)
    ]
    if plan.swiss:
        lines.append("Swiss field from round 1: " + ", ".join(str(t) for t in plan.swiss))
    return lines


class BergerSwiss(PairingSystem):
    name = "berger-swiss"
    description = "Winther's Berger-Swiss: rating groups play Berger tables, then one Swiss field (WNT)"
    default_bye_value = 1.0
    default_tiebreaks = (TIEBREAK,)
    options = {
        "berger_rounds": OptionSpec("5", "Berger rounds before the common Swiss field (groups of 6 or 8)", ("5", "7")),
        "exchanges": OptionSpec(
            "1", "players swapped between adjacent groups (upper group's lowest for lower group's highest)",
            ("0", "1", "2", "3"),
        ),
        "lot": OptionSpec(
            "random", "Berger numbers inside each group: drawn by lot, or rating order", ("random", "rating"),
        ),
    }

    def binds_forbidden_pairs(self, round_number: int, settings: Settings) -> bool:
        """The Berger rounds play fixed tables inside each group; only the Swiss pairing can avoid a pair."""
        return round_number > int(self.option(settings, "berger_rounds"))

    def initial_order(self, players: list[Player], settings: Settings, rng: random.Random) -> list[Player]:
        """Descending rating; equal ratings keep their input order (the text: Pairing System)."""
        return sorted(players, key=lambda p: -p.rating)

    def plan(self, tournament: Tournament) -> GroupPlan:
        """The permanent groups of ``tournament`` (reports print them)."""
        settings = tournament.settings
        size = int(self.option(settings, "berger_rounds")) + 1
        exchanges = int(self.option(settings, "exchanges"))
        if 2 * exchanges > size:
            raise PairingError(f"groups of {size} cannot exchange {exchanges} players each way")
        return group_plan(tournament.players, settings, group_size=size, exchanges=exchanges,
                          lot=self.option(settings, "lot"))

    def pair(self, tournament: Tournament, round_number: int) -> Pairing:
        active = [p for p in tournament.players if p.is_active_in(round_number)]
        if len(active) < 2:
            raise PairingError("fewer than two active players remain: the tournament is finished")
        plan = self.plan(tournament)
        berger_rounds = int(self.option(tournament.settings, "berger_rounds"))
        retained, notes = self._retained_groups(tournament, plan, round_number, berger_rounds)
        if round_number == 1:
            notes = [*_describe(plan), *notes]
        games: list[Game] = []
        byes: list[Bye] = []
        asked = tournament.requested_byes.get(round_number, {})
        for index in retained:
            clash = [t for t in plan.groups[index] if t in asked]
            if clash:
                raise PairingError(
                    f"player {clash[0]} plays a fixed Berger table in round {round_number}: "
                    "mark the game postponed or record a forfeit instead of a bye"
                )
            self._berger_round(tournament, plan.groups[index], round_number, games, byes)
        in_berger = {t for i in retained for t in plan.groups[i]}
        field = [t for t in players_to_pair(tournament, round_number) if t not in in_berger]
        state = derive(tournament, through_round=round_number - 1)
        pairs, swiss_byes, swiss_notes = _SwissField(tournament, state, field).pair(round_number)
        if len(field) == 1:
            notes.append(f"the Swiss field has only player {field[0]}, who gets a pairing bye")
        games += [Game(0, w, b) for w, b in pairs]
        byes += [pairing_bye(t) for t in swiss_byes]
        for board, game in enumerate(games, start=1):
            game.board = board
        return Pairing(games, byes + requested_byes(tournament, round_number), notes + swiss_notes)

    def _retained_groups(
        self, tournament: Tournament, plan: GroupPlan, round_number: int, berger_rounds: int
    ) -> tuple[list[int], list[str]]:
        """Berger groups that still play their table in ``round_number``, and notes on the others."""
        if round_number > berger_rounds:
            return [], []
        affected = sorted({
            g for p in tournament.players
            if p.withdrawn_from is not None and p.withdrawn_from <= round_number
            and (g := plan.group_of(p.tpn)) is not None
        })
        last = len(plan.groups) - 1
        if not affected or (not plan.swiss and affected == [last]):
            return list(range(len(plan.groups))), []
        first = affected[0]
        note = f"after a withdrawal, Berger group {first + 1} and every later group play in the Swiss field"
        return list(range(first)), [note]

    @staticmethod
    def _berger_round(
        tournament: Tournament, members: tuple[int, ...], round_number: int, games: list[Game], byes: list[Bye]
    ) -> None:
        """The group's table round; against a withdrawn player the active one gets a one-point pairing bye."""
        for white_pos, black_pos in schedule_round(len(members), round_number, double=False):
            white, black = members[white_pos - 1], members[black_pos - 1]
            white_in = tournament.player(white).is_active_in(round_number)
            black_in = tournament.player(black).is_active_in(round_number)
            if white_in and black_in:
                games.append(Game(0, white, black))
            elif white_in or black_in:
                byes.append(pairing_bye(white if white_in else black))


SYSTEM = BergerSwiss()
