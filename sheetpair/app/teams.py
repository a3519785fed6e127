"""Team events: pairing a round of a team file, and re-pairing every round of it (``check``).

The one place where the team TRF reader (io) and the team systems (pairing) meet; the workbook's team
events (:mod:`sheetpair.app.team_event`) are checked by the same comparison.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ..core.errors import TrfError
from ..core.model import Colour
from ..core.teams import TeamEvent, TeamRound, derive_teams
from ..core.tiebreaks.base import DEFAULT_EDITION, edition_on
from ..core.tiebreaks.team import parse_team_code, team_tiebreaks
from ..io.trf_declared import (
    TEAM_GAME_POINTS_COLUMN,
    TEAM_MATCH_POINTS_COLUMN,
    TEAM_RANK_COLUMN,
    DeclaredTeam,
    declared_team_standings,
)
from ..io.trf_team import TeamFile, has_secondary_score, read_team_trf
from ..pairing.team_base import TeamSettings
from ..pairing.teams import get_team_system
from .standings_check import StandingsIssue, rank_issue, tie_places


def read_team_file(path: Path) -> TeamFile:
    """Read a TRF-2026 team file.

    :raises TrfError: if the file cannot be read as a team event.
    """
    return read_team_trf(path.read_text(encoding="utf-8"))


def team_settings(team_file: TeamFile, round_number: int) -> TeamSettings:
    """The settings of ``round_number`` as the file gives them (the absences announced for that round)."""
    return TeamSettings(
        colours=team_file.colour_type,
        secondary_colours=has_secondary_score(team_file.code),
        initial_colour=Colour(team_file.initial_colour),
        rounds=team_file.rounds,
        absent=team_file.absences.get(round_number, frozenset()),
        accelerations=team_file.accelerations,
        prohibited=team_file.prohibited,
    )


def before_round(event: TeamEvent, round_number: int) -> TeamEvent:
    """The event as it stood when ``round_number`` was paired."""
    return TeamEvent(event.teams, event.boards, tuple(r for r in event.rounds if r.number < round_number),
                     event.scoring, event.prohibited)


def pair_team_round(team_file: TeamFile, round_number: int, system: str = "team-swiss") -> TeamRound:
    """Pair ``round_number`` of the file's event from the rounds before it.

    :raises PairingError: if the system is unknown or the round cannot be paired.
    """
    return get_team_system(system).pair(before_round(team_file.event, round_number), round_number,
                                        team_settings(team_file, round_number))


@dataclass(frozen=True)
class RoundCheck:
    """One re-paired round: whether the pairs and the board-1 colours equal the ones played."""

    round_number: int
    same_pairs: bool
    same_colours: bool


def matches_of(rnd: TeamRound) -> tuple[set[tuple[int, int]], set[int]]:
    """The (white, black) matches of a round and its PAB teams."""
    pab = {b.team for b in rnd.byes if b.kind.value == "pab"}
    return {(m.white, m.black) for m in rnd.matches}, pab


def check_team_file(team_file: TeamFile, system: str = "team-swiss") -> list[RoundCheck]:
    """Re-pair every round of the file and compare each with the round as played."""
    return check_rounds(team_file.event, lambda number: pair_team_round(team_file, number, system))


def check_rounds(event: TeamEvent, repair: Callable[[int], TeamRound]) -> list[RoundCheck]:
    """Each round of ``event`` re-paired by ``repair(number)`` and compared with the round as played."""
    out = []
    for played in event.rounds:
        mine, pab = matches_of(repair(played.number))
        theirs, their_pab = matches_of(played)
        same_pairs = pab == their_pab and {frozenset(m) for m in mine} == {frozenset(m) for m in theirs}
        out.append(RoundCheck(played.number, same_pairs, same_pairs and mine == theirs))
    return out


def is_team_trf(path: Path) -> bool:
    """True when ``path`` is a TRF file of a team event: it has a team record ``310`` or a team code in ``192``;
    False for anything else, read or not."""
    if path.suffix.lower() not in (".trf", ".txt"):
        return False
    try:
        text = path.read_bytes().decode("utf-8", errors="replace")
    except OSError:
        return False
    return any(line.startswith("310 ") or (line.startswith("192") and "TEAM" in line.upper())
               for line in text.splitlines())


@dataclass(frozen=True)
class TeamFileCheck:
    """A team file checked: each round re-paired, and the declared team scores and ranks."""

    system: str
    rounds: list[RoundCheck]
    standings: list[StandingsIssue]


def check_team_trf(path: Path, system: str = "team-swiss") -> TeamFileCheck:
    """Re-pairs every round of the team file at ``path`` and checks what its ``310`` records declare.

    :raises TrfError: if the file cannot be read as a team event, or its ``202`` names a code sheetpair
        does not know.
    :raises PairingError: if ``system`` is not a team system.
    """
    text = path.read_text(encoding="utf-8")
    team_file = read_team_trf(text)
    try:
        standings = check_team_standings(team_file.event, declared_team_standings(text), team_file.tiebreaks,
                                         rules=edition_on(team_file.start_date))
    except ValueError as error:
        raise TrfError(f"record 202: {error}", line=team_file.tiebreak_line, column=5) from None
    return TeamFileCheck(system, check_team_file(team_file, system), standings)


def check_team_standings(event: TeamEvent, declared: dict[int, DeclaredTeam], codes: tuple[str, ...] = (), *,
                         rules: str = DEFAULT_EDITION) -> list[StandingsIssue]:
    """Each declared match points, game points and rank the results do not give. Teams rank by the primary
    score, then by the file's tie-breaks (``codes``, record ``202``, under the C.07 edition ``rules``), else by
    the secondary score (C.04.6 1.3); teams equal on all of them may stand in either order (the organiser's
    last tie-break, lot or a shared place, decides).

    :raises ValueError: for a code the team tie-breaks do not know.
    """
    history = derive_teams(event)
    scoring = event.scoring
    values = team_tiebreaks(event, codes, rules=rules)
    lower_first = {c for c in codes if parse_team_code(c).lower_first}

    def key(tpn: int) -> tuple[float, ...]:
        if not codes:
            return (-history[tpn].primary(scoring), -history[tpn].secondary(scoring))
        return (-history[tpn].primary(scoring),
                *(values[tpn][c] if c in lower_first else -values[tpn][c] for c in codes))

    ranked = sorted(((tpn, key(tpn)) for tpn in history), key=lambda item: (item[1], item[0]))
    places = tie_places([(tpn, k) for tpn, k in ranked])
    issues = []
    for tpn, said in sorted(declared.items()):
        if tpn not in history:
            continue
        for kind, value, halves, column in (
                ("match points", said.match_points, history[tpn].match_points, TEAM_MATCH_POINTS_COLUMN),
                ("game points", said.game_points, history[tpn].game_points, TEAM_GAME_POINTS_COLUMN)):
            if value is not None and round(value * 2) != halves:
                issues.append(StandingsIssue(kind, tpn, f"{value:g}", f"the results give {halves / 2:g}", said.line,
                                             column, "team"))
        wrong_rank = rank_issue(tpn, said.rank, places[tpn], said.line, TEAM_RANK_COLUMN, "team") if said.rank else None
        issues += [wrong_rank] if wrong_rank else []
    return issues
