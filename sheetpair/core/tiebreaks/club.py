"""The tie-breaks of the source texts and Winther's pages: WNT and the pages' own variants.

Codes (each page computes its tie-breaks its own way, so each variant is a code of its own; none of them uses
the virtual or dummy opponents of FIDE C.07 Art. 16):

* ``WNT``  — Winther's WNT (Winther's review), live: N = rounds played so far. ``WNTP``: over games played only.
* ``BHG``  — Buchholz over games: the current scores of the opponents of every paired game with a result
  (forfeits included), no cut; byes and absences contribute nothing (the Monrad page's "Buchholz").
* ``SBG``  — Sonneborn-Berger over the same games (Norwegian Monrad's "S-B (games only)").
* ``BHN``  — ``BHG``'s values plus a 0 for every bye, so that a cut removes the bye first; takes the -C1/-C2
  modifiers (Norwegian Monrad restores its cut values one at a time with them).
* ``BHNC`` — Norwegian Buchholz with its automatic cut: the lowest 1 value of ``BHN`` is dropped when the event
  has at most 6 planned rounds, otherwise the lowest 2.
* ``CUM``  — the Monrad page's cumulative score: after each round the running score is added, but a player who
  withdraws during round k gets no addition for round k nor any later round.
* ``NWD``  — 1 for a player who has not withdrawn, 0 for one who has (the Monrad page ranks finishers first).
* ``BHV``  — Buchholz of the FIDE tie-break rules before C.07 (2011–2023; the classic Burstein text's
  "Buchholz", ``docs/burstein.md``):
  an opponent's unplayed rounds count as draws in the score the player sees, and the player's own unplayed
  round is a game against a *virtual opponent* whose score is the player's score before that round, plus the
  result opposite to the player's in that round, plus a draw for every later round. ``BHV-M1`` is the Median.
* ``SBV``  — Sonneborn-Berger over the same opponents and virtual opponents (points scored × their score).
* ``LOT``  — the drawing of lots: ``-lot`` (lot 1 ranks first). The lot is ``Settings.options["lot"]`` (start
  numbers in lot order) when given, otherwise drawn from the saved seed.

Norwegian Monrad's final order is ``BHNC, BHN-C1, BHN, SBG, LOT``: comparing the cut values one at a time,
highest first, is the same as comparing the sums with one more value restored each time.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection

from ..model import Outcome
from ..state import PlayerState, RoundRecord, TournamentState
from .base import Compute, Contribution, TiebreakSpec, game_records, opponent_score


def _wnt_over(records: Callable[[PlayerState], list[RoundRecord]]) -> Compute:
    """WNT = 100 × Σ (Pᵢ/N)(rᵢ + Pᵢ/(2N)) over ``records``, N the rounds played so far; byes count nothing."""

    def compute(state: TournamentState, tpn: int, _group: Collection[int]) -> list[Contribution]:
        n = state.through_round
        if n == 0:
            return []
        full = n * state.settings.points_win
        parts = []
        for r in records(state[tpn]):
            share = opponent_score(state, r) / full
            result = r.result_fraction or 0.0
            parts.append(
                Contribution(100 * share * (result + share / 2), r.round, r.opponent,
                             f"100 × {share:.3f} × ({result:g} + {share:.3f}/2)")
            )
        return parts

    return compute


def _played_games(player: PlayerState) -> list[RoundRecord]:
    """Games played over the board: the Berger-Swiss seed leaves forfeits and postponed games out of WNT."""
    return [r for r in player.records if r.played and r.opponent is not None]


# --- Winther Swiss pages (Club Swiss, the older Swiss page) and the simple club Swiss ---------------------
# The pages' Buchholz and Sonneborn-Berger sum over the games only (forfeits included): no virtual opponents
# for byes, as FIDE C.07 Art. 16 has. The Monrad pages use the same three.


def _buchholz_over_games(state: TournamentState, tpn: int, _group: Collection[int]) -> list[Contribution]:
    return [Contribution(opponent_score(state, r), r.round, r.opponent, "opponent's score")
            for r in game_records(state[tpn])]


def _sonneborn_berger_over_games(state: TournamentState, tpn: int, _group: Collection[int]) -> list[Contribution]:
    parts = []
    for r in game_records(state[tpn]):
        opp = opponent_score(state, r)
        fraction = r.result_fraction or 0.0
        parts.append(Contribution(opp * fraction, r.round, r.opponent, f"{fraction:g} × opponent's {opp:g}"))
    return parts


def _buchholz_byes_as_zero(state: TournamentState, tpn: int, group: Collection[int]) -> list[Contribution]:
    """Opponents' scores of every game, plus a 0 for every bye, in round order.

    Seed ``003``: "A bye counts as an opponent with 0 points. Cut-1 drops the lowest of those scores", so a
    cut removes the bye first (the Norwegian Monrad page's list is the same; one code serves both).
    """
    byes = [Contribution(0.0, r.round, None, "bye: an opponent with 0 points") for r in state[tpn].byes]
    return sorted(_buchholz_over_games(state, tpn, group) + byes, key=lambda c: c.round or 0)


# --- Monrad pages (Danish-Swedish and Norwegian) ----------------------------------------------------------


def _norwegian_buchholz_cut(state: TournamentState, tpn: int, group: Collection[int]) -> list[Contribution]:
    """``BHN`` with the lowest 1 (≤ 6 planned rounds) or 2 values shown as cut (worth 0)."""
    parts = _buchholz_byes_as_zero(state, tpn, group)
    cut = 1 if state.settings.rounds <= 6 else 2
    dropped = set(sorted(range(len(parts)), key=lambda i: parts[i].value)[:cut])
    return [
        Contribution(0.0, p.round, p.opponent, f"cut: {p.value:g} ({p.note})") if i in dropped else p
        for i, p in enumerate(parts)
    ]


def _withdrawn_by(state: TournamentState, tpn: int) -> int | None:
    """The round during which the player withdrew (``withdrawn_from - 1``), if that is within the rounds seen."""
    start = state[tpn].player.withdrawn_from
    if start is None or start > state.through_round + 1:
        return None
    return start - 1


def _cumulative(state: TournamentState, tpn: int, _group: Collection[int]) -> list[Contribution]:
    """Running score after each round, added only while the player is still in the event (the Monrad page)."""
    withdrew_during = _withdrawn_by(state, tpn)
    running = 0.0
    parts = []
    for r in state[tpn].records:
        running += r.points
        if withdrew_during is not None and r.round >= withdrew_during:
            break
        parts.append(Contribution(running, r.round, None, "score after the round"))
    return parts


def _not_withdrawn(state: TournamentState, tpn: int, _group: Collection[int]) -> list[Contribution]:
    withdrew_during = _withdrawn_by(state, tpn)
    if withdrew_during is None:
        return [Contribution(1.0, None, None, "still in the event")]
    return [Contribution(0.0, withdrew_during, None, f"withdrew during round {withdrew_during}")]


# --- classic Burstein (docs/burstein.md): Buchholz and Sonneborn-Berger with virtual opponents ------------


def _draws_for_unplayed(state: TournamentState, tpn: int) -> float:
    """A player's score as their opponents see it under ``BHV``/``SBV``: every unplayed round counts as a draw."""
    draw = state.settings.points_draw
    return sum(r.points if r.played else draw for r in state[tpn].records)


def _opposite_points(state: TournamentState, record: RoundRecord) -> float:
    """The virtual opponent's result in an unplayed round: the opposite of the player's.

    A round scored as a loss gives the virtual opponent a win, one scored as a draw a draw. A win without
    playing (forfeit win, full-point bye, a pairing bye worth a win) gives it nothing; a pairing bye worth
    less than a win gives it the rest of the game (a draw, or a win when the bye is worth less than a draw).
    """
    settings = state.settings
    if record.outcome is Outcome.PAIRING_BYE and settings.bye_value < settings.points_win:
        return settings.points_win if settings.bye_value < settings.points_draw else settings.points_draw
    if record.points >= settings.points_win:
        return settings.points_loss
    return settings.points_draw if record.points >= settings.points_draw else settings.points_win


def _virtual_opponents(state: TournamentState, tpn: int) -> list[tuple[RoundRecord, float, str]]:
    """Each round with the score of the opponent (or virtual opponent) it brings, for ``BHV`` and ``SBV``."""
    draw = state.settings.points_draw
    records = [r for r in state[tpn].records if r.outcome is not Outcome.PENDING]
    before = 0.0
    rounds = []
    for index, r in enumerate(records):
        if r.played and r.opponent is not None:
            score = _draws_for_unplayed(state, r.opponent)
            rounds.append((r, score, f"opponent's score, unplayed rounds as draws: {score:g}"))
        else:
            later = len(records) - index - 1
            score = before + _opposite_points(state, r) + draw * later
            rounds.append((r, score, f"virtual opponent: {before:g} before the round, the opposite result, "
                                     f"a draw in each of {later} later round(s)"))
        before += r.points
    return rounds


def _buchholz_virtual(state: TournamentState, tpn: int, _group: Collection[int]) -> list[Contribution]:
    return [Contribution(score, r.round, r.opponent if r.played else None, note, basis=score, result=r.points)
            for r, score, note in _virtual_opponents(state, tpn)]


def _sonneborn_berger_virtual(state: TournamentState, tpn: int, _group: Collection[int]) -> list[Contribution]:
    return [Contribution(score * r.points, r.round, r.opponent if r.played else None, f"{r.points:g} × ({note})",
                         basis=score, result=r.points)
            for r, score, note in _virtual_opponents(state, tpn)]


def lot_order(state: TournamentState) -> list[int]:
    """Start numbers in lot order: ``Settings.options["lot"]`` when given, else drawn from the saved seed.

    The drawn lot uses its own random stream (``f"{seed}:lot"``), so it does not depend on how many draws the
    start numbers took.
    """
    text = state.settings.options.get("lot", "").strip()
    if text:
        return [int(t) for t in text.replace(";", ",").split(",") if t.strip()]
    order = sorted(state.players)
    random.Random(f"{state.settings.seed}:lot").shuffle(order)
    return order


def _lot(state: TournamentState, tpn: int, _group: Collection[int]) -> list[Contribution]:
    order = lot_order(state)
    lot = order.index(tpn) + 1 if tpn in order else len(order) + 1
    return [Contribution(-float(lot), None, None, f"lot {lot} (a lower lot ranks higher)")]


SPECS: tuple[TiebreakSpec, ...] = (
    TiebreakSpec("WNT", "WNT (opponents' score share squared, weighted by results)", _wnt_over(game_records)),
    TiebreakSpec("WNTP", "WNT over games played over the board (Berger-Swiss: no forfeits)",
                 _wnt_over(_played_games)),
    # Winther Swiss pages and the simple club Swiss
    TiebreakSpec("BHG", "Buchholz over games (no virtual opponents, byes count nothing)", _buchholz_over_games,
                 cuttable=True),
    TiebreakSpec("SBG", "Sonneborn-Berger over games (no virtual opponents)", _sonneborn_berger_over_games,
                 cuttable=True),
    TiebreakSpec("BHN", "Buchholz with a bye counted as an opponent with 0 points", _buchholz_byes_as_zero,
                 cuttable=True),
    # Monrad pages
    TiebreakSpec("BHNC", "Norwegian Buchholz, cut 1 (≤ 6 planned rounds) or cut 2", _norwegian_buchholz_cut),
    TiebreakSpec("CUM", "Cumulative score, stopping when the player withdraws (Monrad)", _cumulative),
    TiebreakSpec("NWD", "Not withdrawn (finishers rank before withdrawn players)", _not_withdrawn),
    TiebreakSpec("LOT", "Drawing of lots", _lot),
    # classic Burstein (docs/burstein.md), FIDE tie-break rules 2011-2023
    TiebreakSpec("BHV", "Buchholz with virtual opponents for unplayed rounds (FIDE rules before C.07)",
                 _buchholz_virtual, cuttable=True),
    TiebreakSpec("SBV", "Sonneborn-Berger with virtual opponents for unplayed rounds (FIDE rules before C.07)",
                 _sonneborn_berger_virtual, cuttable=True),
)
