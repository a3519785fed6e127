"""TRF-2026 team files written from a :class:`~sheetpair.io.trf_team.TeamFile`.

The writer keeps what it did not read, as the individual TRF writer does: every line of the file as it
was read is written back unchanged unless the model now says something else. A team record (``310``, or
``013`` of a TRF16 file) is rewritten only when its team changed, in the TRF-2026 layout (number 5–7, name
9–40, short name 42–46, strength 48–53, match points 55–60, game points 62–67, members from 74); a team the
file did not have is added after the last team record. So a file read and written back is byte for byte
the same.
"""

from __future__ import annotations

from ..core.teams import Team, TeamEvent, derive_teams
from .trf_team import TeamFile, team_from_013, team_from_310


def format_310(team: Team, event: TeamEvent) -> str:
    """One team record in the TRF-2026 layout, with the team's scores after the event's rounds."""
    history = derive_teams(event)[team.tpn]
    members = " ".join(f"{m:4d}" for m in team.members)
    return (f"310 {team.tpn:3d} {team.name[:32]:<32} {team.short_name[:5]:<5} {0:6d} "
            f"{history.match_points / 2:6.1f} {history.game_points / 2:6.1f} {'':3}  {members}")


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
