"""TRF-2026 team files written from a :class:`~sheetpair.io.trf_team.TeamFile`.

The writer keeps what it did not read, as the individual TRF writer does: every line of the file as it
was read is written back unchanged unless the model now says something else. A team record (``310``, or
``013`` of a TRF16 file) is rewritten only when its team changed, in the TRF-2026 layout (number 5–7, name
9–40, short name 42–46, strength 48–53, match points 55–60, game points 62–67, members from 74); a team the
file did not have is added after the last team record. So a file read and written back is byte for byte
the same.
"""

from __future__ import annotations

from ..core.model import Player, Result
from ..core.teams import Team, TeamByeKind, TeamEvent, TeamRound, derive_teams
from .trf_team import TeamFile, team_from_013, team_from_310
from .trf_write import LINE_END, player_head

_RESULT_CODES = {Result.WHITE_WINS: ("1", "0"), Result.BLACK_WINS: ("0", "1"), Result.DRAW: ("=", "="),
                 Result.WHITE_WINS_BY_FORFEIT: ("+", "-"), Result.BLACK_WINS_BY_FORFEIT: ("-", "+"),
                 Result.DOUBLE_FORFEIT: ("-", "-")}
_ABSENCE_CODES = {TeamByeKind.ABSENT: "Z", TeamByeKind.HALF: "H", TeamByeKind.FULL: "F"}


def format_310(team: Team, event: TeamEvent, rank: int | None = None) -> str:
    """One team record in the TRF-2026 layout, with the team's scores after the event's rounds and its rank
    when the standings give it (blank otherwise: the field is informative)."""
    history = derive_teams(event)[team.tpn]
    members = " ".join(f"{m:4d}" for m in team.members)
    placed = f"{rank:3d}" if rank else ""
    return (f"310 {team.tpn:3d} {team.name[:32]:<32} {team.short_name[:5]:<5} {0:6d} "
            f"{history.match_points / 2:6.1f} {history.game_points / 2:6.1f} {placed:>3}  {members}")


def format_013(team: Team) -> str:
    """One TRF16 team record: name 5–36, members from 37 every 5 columns."""
    return f"013 {team.name[:32]:<32}" + " ".join(f"{m:4d}" for m in team.members)


def write_team_trf(team_file: TeamFile) -> str:
    """The file's text with the team records brought up to date with its event."""
    event = team_file.event
    by_tpn = {t.tpn: t for t in event.teams}
    written: set[int] = set()
    out: list[str] = []
    last_team_line = -1
    trf16 = 0
    for line in team_file.lines:
        code = line[:3]
        if code == "310" or (code == "013" and not any(x.startswith("310") for x in team_file.lines)):
            trf16 += code == "013"
            old = team_from_310(line) if code == "310" else team_from_013(line, trf16)
            new = by_tpn.get(old.tpn)
            if new is None:
                continue
            written.add(old.tpn)
            if new != old:
                ending = line[len(line.rstrip("\r\n")):] or "\n"
                line = (format_310(new, event) if code == "310" else format_013(new)) + ending
            last_team_line = len(out)
        out.append(line)
    layout = format_013 if trf16 else (lambda t: format_310(t, event))
    added = [layout(t) + "\n" for t in event.teams if t.tpn not in written]
    if added:
        if out and not out[-1].endswith("\n"):
            out[-1] += "\n"
        at = last_team_line + 1 if last_team_line >= 0 else len(out)
        out[at:at] = added
    return "".join(out)


def team_code(primary_first: bool, colours: str, secondary: bool = True) -> str:
    """The ETT26 code of record 192: the colour preference type, then the primary score and, when it ranks
    colours, the secondary one."""
    kind = {"A": "_TYPEA", "B": "_TYPEB"}.get(colours, "")
    scores = ("MP", "GP") if primary_first else ("GP", "MP")
    return f"FIDE_TEAM{kind}_" + "_".join(scores if secondary else scores[:1])


def team_trf_text(event: TeamEvent, players: list[Player], *, name: str, rounds: int, code: str,
                  initial_colour: str = "W", trf16: bool = False, ranks: dict[int, int] | None = None) -> str:
    """A TRF-2026 team file of an event that was not read from one (a workbook's): header, the members'
    ``001`` records with their boards round by round, the team records, team absences (``240``), the
    matches lost by forfeit (``330``, the winners' players ``0000 - +``, the losers' ``0000 - -``) and the
    PAB (``320``); ``ranks`` (team start number to rank) fills the team records' rank. ``trf16`` writes
    the teams as TRF16's ``013`` records (name and members) instead.
    """
    entries = _entries(event)
    halves = {"1": 2, "+": 2, "=": 1, "U": 1}  # the members' points (81-84): U counts a half (informative)
    gp = {tpn: sum(halves.get(block[-1], 0) for block in by_round.values()) for tpn, by_round in entries.items()}
    lines = [f"012 {name}", f"142 {rounds}", f"152 {initial_colour}", f"192 {code}", "352 " + "WB" * (event.boards // 2)
             + "W" * (event.boards % 2)]
    win, draw, loss = event.scoring.match_points
    lines.append(f"362 TW {win / 2:4.1f}   TD {draw / 2:4.1f}   TL {loss / 2:4.1f}")
    for player in players:
        blocks = "".join(f"  {entries.get(player.tpn, {}).get(r.number, '0000 - Z')}" for r in event.rounds)
        lines.append(player_head(player, gp.get(player.tpn, 0) / 2, 0) + blocks)
    ranks = ranks or {}
    lines += [format_013(team) if trf16 else format_310(team, event, ranks.get(team.tpn)) for team in event.teams]
    for rnd in event.rounds:
        for kind, letter in _ABSENCE_CODES.items():
            teams = [b.team for b in rnd.byes if b.kind is kind]
            if teams:
                lines.append(f"240 {letter} {rnd.number:3d} " + " ".join(f"{t:4d}" for t in teams))
    for rnd in event.rounds:
        for m in rnd.matches:
            if m.forfeit_winner is not None:
                sign = "+-" if m.forfeit_winner == m.white else "-+" if m.forfeit_winner == m.black else "--"
                lines.append(f"330 {sign} {rnd.number:3d} {m.white:3d} {m.black:3d}")
    mp, gp_pab = event.scoring.pab_points(event.boards)
    pab = {b.team: r.number for r in event.rounds for b in r.byes if b.kind is TeamByeKind.PAB}
    by_round = {r: t for t, r in pab.items()}
    lines.append(f"320 {mp / 2:4.1f} {gp_pab / 2:4.1f}" + "".join(
        f" {by_round.get(r.number, 0):03d}" for r in event.rounds))
    return "".join(line.rstrip() + LINE_END for line in lines)


def _entries(event: TeamEvent) -> dict[int, dict[int, str]]:
    out: dict[int, dict[int, str]] = {}
    for rnd in event.rounds:
        for tpn, (opponent, colour, code) in _round_entries(event, rnd).items():
            out.setdefault(tpn, {})[rnd.number] = f"{opponent:4d} {colour} {code}"
    return out


def _round_entries(event: TeamEvent, rnd: TeamRound) -> dict[int, tuple[int, str, str]]:
    """Each member's (opponent, colour, result code) in the round; members not listed sit out (``Z``)."""
    out: dict[int, tuple[int, str, str]] = {}
    for match in rnd.matches:
        for game in match.boards:
            if match.forfeit_winner is not None:  # the match is in a 330 record; its players met nobody
                for player, team in ((game.white, match.white if game.board % 2 else match.black),
                                     (game.black, match.black if game.board % 2 else match.white)):
                    if player:
                        out[player] = (0, "-", "+" if team == match.forfeit_winner else "-")
                continue
            codes = _RESULT_CODES.get(game.result, (" ", " "))
            if game.white:
                out[game.white] = (game.black, "w", codes[0])
            if game.black:
                out[game.black] = (game.white, "b", codes[1])
    for bye in rnd.byes:
        if bye.kind is TeamByeKind.PAB:
            for member in rnd.lineups.get(bye.team, event.team(bye.team).members[:event.boards]):
                out[member] = (0, "-", "U")
    return out
