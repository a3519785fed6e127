"""FIDE mode: what an event paired with a FIDE system must respect, said as warnings that cannot be muted.

FIDE's acceptance of a tournament program (Handbook C.02.03, the TEC manual) asks for a FIDE mode: pairing
numbers as the FIDE rules fix them, a manual full-point bye warned about, no setting that contradicts the
chosen system's rules, the TRF written as FIDE requires. It is on by default for the FIDE systems
(:data:`FIDE_SYSTEMS`) and can be switched off only for the event as a whole (the Settings sheet's
``fide_mode``), never warning by warning: while it is on, every warning below is printed by ``pair`` and
``export``.

The checks read the stored tournament only, so the core can make them: the pairing rules themselves are
the engines' business.
"""

from __future__ import annotations

from .model import ByeKind, Player, Settings, Tournament

FIDE_SYSTEMS = frozenset({"dutch", "dutch-2017", "dubov", "burstein", "burstein-classic", "lim", "team-swiss"})
"""The registry names of FIDE's Swiss systems: the individual ones (C.04.3, C.04.4.1, C.04.4.2, C.04.4.3) and
the team Swiss (C.04.6, a team system)."""

FIDE_TRF_FORMAT = "trf26"
"""The TRF edition FIDE requires of an export in FIDE mode."""


def is_on(settings: Settings) -> bool:
    """True when FIDE mode applies: as set, or by default for the FIDE systems."""
    return settings.fide_mode if settings.fide_mode is not None else settings.system in FIDE_SYSTEMS


def fide_warnings(tournament: Tournament, *, trf_format: str | None = None) -> list[str]:
    """Every FIDE-mode warning for ``tournament`` (none when the mode is off); ``trf_format`` is the
    edition of a TRF being exported."""
    settings = tournament.settings
    if not is_on(settings):
        return []
    warnings = [*_setting_warnings(settings), *_number_warnings(tournament), *_full_bye_warnings(tournament)]
    if trf_format is not None and trf_format != FIDE_TRF_FORMAT:
        warnings.append(f"FIDE mode: FIDE requires the TRF-2026 edition of the report file, not {trf_format}.")
    return warnings


def _setting_warnings(settings: Settings) -> list[str]:
    """Settings the FIDE systems' common rules (C.04.1) contradict."""
    warnings = []
    if settings.bye_value != settings.points_win:
        warnings.append(f"FIDE mode: the pairing-allocated bye is worth a win (C.04.1 c: {settings.points_win:g}),"
                        f" not {settings.bye_value:g}.")
    if settings.system not in FIDE_SYSTEMS:
        warnings.append(f"FIDE mode: {settings.system} is not a FIDE pairing system.")
    return warnings


def _ranking_key(player: Player) -> tuple[int, int, str]:
    """C.04.2 / C.04.3 initial ranking: rating (highest first), then FIDE title, then name."""
    return (-player.rating, _TITLES.index(player.title) if player.title in _TITLES else len(_TITLES), player.name)


_TITLES = ("GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM")


def _number_warnings(tournament: Tournament) -> list[str]:
    """Start numbers of the players entered before round 1 must follow the initial ranking. Late entrants
    (numbered after everybody paired in round 1, absent from it) come after them in the order they entered;
    Dubov and Lim rank the players by rating every round themselves, so their numbers are not checked."""
    if tournament.settings.system not in ("dutch", "dutch-2017", "burstein", "burstein-classic"):
        return []
    first_round = tournament.rounds[0] if tournament.rounds else None
    present = ({p for g in first_round.games for p in (g.white, g.black)}
               | {b.player for b in first_round.byes if b.kind is ByeKind.PAB}) if first_round else set()
    last_present = max(present, default=max((p.tpn for p in tournament.players), default=0))
    first = [p for p in tournament.players if p.tpn <= last_present]
    for before, after in zip(first, first[1:]):
        if _ranking_key(after) < _ranking_key(before):
            return [f"FIDE mode: start numbers must follow the initial ranking (rating, title, name; C.04.2): "
                    f"{after.tpn} ({after.name}, {after.rating}) ranks above {before.tpn} ({before.name}, "
                    f"{before.rating})."]
    return []


def _full_bye_warnings(tournament: Tournament) -> list[str]:
    """A full-point bye given by hand (not the pairing-allocated bye) is the arbiter's exception to report."""
    given = sorted({(number, tpn) for number, byes in tournament.requested_byes.items()
                    for tpn, kind in byes.items() if kind is ByeKind.FULL}
                   | {(r.number, b.player) for r in tournament.rounds for b in r.byes if b.kind is ByeKind.FULL})
    return [f"FIDE mode: player {tpn} has a full-point bye in round {number} given by hand, which the FIDE "
            f"systems do not know (only the pairing-allocated bye is worth a win)." for number, tpn in given]
