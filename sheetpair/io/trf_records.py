"""What the TRF reader and writer share: record codes, column layout, and the translations between TRF codes
and sheetpair's settings (scoring, ETT26 system codes, MTB26 tie-break codes).

Column positions are FIDE's (1-based, inclusive; docs/interchange.md). Records sheetpair adds for what no
TRF record holds (a system's own options, boards, clubs...) use the prefix ``SP``, following the engines'
convention of a program prefix (JaVaFo ``XX?``, bbpPairings ``BB?``); readers ignore records they do not
know (TRF26 section 2), so these files stay valid for every engine.
"""

from __future__ import annotations

import enum
import hashlib

from ..core.model import Result, Settings, Tournament
from ..core.state import TournamentState

FIRST_ROUND_COLUMN = 92
"""1-based column where round 1's opponent starts; round r starts 10 (r-1) columns later."""
ROUND_WIDTH = 10


class TrfFormat(enum.Enum):
    """The two FIDE formats a file can be written in."""

    TRF16 = "trf16"
    TRF26 = "trf26"


TRF26_RECORDS = frozenset({"142", "152", "162", "172", "182", "192", "202", "212", "222", "250", "260", "###"})
"""Records only TRF26 has; one of them in a file makes it a TRF26 file. (``240`` is not among them: sheetpair
also writes it into TRF16 files for byes requested for later rounds, which TRF16 cannot express.)"""

TEAM_RECORDS = frozenset({"300", "310", "320", "330", "362", "801", "802"})
"""Records only team events have (TRF26 section 5). ``013`` alone is tolerated: JaVaFo's own sample has one."""

HEADER_FIELDS: dict[str, str] = {
    "012": "name",
    "022": "city",
    "032": "federation",
    "042": "start_date",
    "052": "end_date",
    "092": "event_type",
    "102": "chief_arbiter",
    "112": "deputy_arbiters",
    "122": "time_control",
}
"""Header records (text from column 5) -> :class:`~sheetpair.core.model.EventInfo` fields. ``112`` may come
once per deputy; the deputies are kept one per text line."""

GAME_CODES: dict[Result, tuple[str, str]] = {
    Result.WHITE_WINS: ("1", "0"),
    Result.BLACK_WINS: ("0", "1"),
    Result.DRAW: ("=", "="),
    Result.WHITE_WINS_BY_FORFEIT: ("+", "-"),
    Result.BLACK_WINS_BY_FORFEIT: ("-", "+"),
    Result.DOUBLE_FORFEIT: ("-", "-"),
    Result.BOTH_LOSE: ("0", "0"),
    Result.WHITE_DRAWS_BLACK_LOSES: ("=", "0"),
    Result.WHITE_LOSES_BLACK_DRAWS: ("0", "="),
    Result.NONE: (" ", " "),
    Result.POSTPONED: ("*", "*"),
}
"""A board's result -> the result codes on White's and Black's lines (column 99 + 10k)."""

SHORT_GAME_CODES = {"W": "1", "D": "=", "L": "0"}
"""``W D L``: a game played but not rated (less than one move, or the arbiter's decision) -> the rated code with
the same points. Every engine treats it as a played game; sheetpair reads it as an unrated game
(:attr:`~sheetpair.core.model.Game.rated`) and writes ``W D L`` back."""

UNRATED_GAME_CODES = {rated: unrated for unrated, rated in SHORT_GAME_CODES.items()}
"""The rated codes ``1 = 0`` -> the codes of the same results in a game that is not rated."""

def scores_before(state: TournamentState, round_number: int) -> dict[int, float]:
    """Every player's score before ``round_number``: what the printed board order looks at."""
    return {tpn: player.score_after(round_number - 1) for tpn, player in state.players.items()}


def board_key(scores: dict[int, float], white: int, black: int) -> tuple[float, float, int]:
    """FIDE's printed board order (C.04.2 D.9): higher score of the pair, then sum of scores, then the
    higher-ranked player's start number. Files carry no boards; boards read in this order need no record."""
    a, b = scores[white], scores[black]
    return (-max(a, b), -(a + b), min(white, black))


def count_line(tournament: Tournament, code: str) -> str:
    """Records 062 (number of players) and 072 (number of rated players), derived from the roster."""
    players = tournament.players
    count = len(players) if code == "062" else sum(1 for p in players if p.rating)
    return f"{code} {count}"


# ---------------------------------------------------------------------------------------------------------
# Scoring: XXS (JaVaFo), 162 (TRF26), BB? (bbpPairings)
# ---------------------------------------------------------------------------------------------------------

def has_default_scoring(settings: Settings) -> bool:
    """True when the TRF defaults (1, ½, 0, bye = win) apply, so no scoring record is needed."""
    return (
        (settings.points_win, settings.points_draw, settings.points_loss) == (1.0, 0.5, 0.0)
        and settings.bye_value == settings.points_win
    )


def xxs_line(settings: Settings) -> str:
    """JaVaFo's scoring record; forfeit wins and full-point byes are worth a win, half-point byes a draw."""
    win, draw, loss, pab = settings.points_win, settings.points_draw, settings.points_loss, settings.bye_value
    return (
        f"XXS WW={win:.1f} BW={win:.1f} WD={draw:.1f} BD={draw:.1f} WL={loss:.1f} BL={loss:.1f} "
        f"ZPB=0.0 HPB={draw:.1f} FPB={win:.1f} PAB={pab:.1f} FW={win:.1f} FL={loss:.1f}"
    )


def bb_lines(settings: Settings) -> list[str]:
    """bbpPairings' scoring records (it ignores XXS)."""
    return [
        f"BBW {settings.points_win:4.1f}",
        f"BBD {settings.points_draw:4.1f}",
        f"BBL {settings.points_loss:4.1f}",
        f"BBF {settings.points_loss:4.1f}",
        f"BBU {settings.bye_value:4.1f}",
    ]


def line_162(settings: Settings) -> str:
    """TRF26 record 162: symbol at column 6, points at 7-10, further pairs every 9 columns. ``A`` (absence)
    stays at its default 0: sheetpair gives a zero-point bye nothing."""
    pairs = [("W", settings.points_win), ("D", settings.points_draw), ("L", settings.points_loss),
             ("P", settings.bye_value)]
    return "162  " + "    ".join(f"{symbol}{points:4.1f}" for symbol, points in pairs)


# ---------------------------------------------------------------------------------------------------------
# Record 192: ETT26 codes <-> registry names
# ---------------------------------------------------------------------------------------------------------

def ett_code(settings: Settings) -> str:
    """The ETT26 code of the tournament's system (``CUSTOM_SWISS`` for systems FIDE has no code for)."""
    if settings.system == "berger":
        return "BERGER_DOUBLEROUNDROBIN" if settings.double_round_robin else "BERGER_ROUNDROBIN"
    code = _ETT_BY_SYSTEM.get(settings.system, "CUSTOM_SWISS")
    if settings.options.get("acceleration") == "baku" and settings.system in ("dutch", "burstein"):
        return code + "_BAKU"  # the acceleration is part of the system FIDE names
    return code


def system_for_ett(code: str) -> tuple[str, bool] | None:
    """The registry name and double-round-robin flag an ETT26 code stands for, if sheetpair has that system."""
    code = code.strip().upper()
    for system, ett in _ETT_BY_SYSTEM.items():
        if code == ett or code.startswith(ett + "_"):
            return system, False
    if code in ("BERGER_ROUNDROBIN", "FIDE_ROUNDROBIN"):
        return "berger", False
    if code in ("BERGER_DOUBLEROUNDROBIN", "FIDE_DOUBLEROUNDROBIN"):
        return "berger", True
    return None


_ETT_BY_SYSTEM = {"dutch": "FIDE_DUTCH", "burstein": "FIDE_BURSTEIN", "dubov": "FIDE_DUBOV"}


_EVENT_TYPE_WORDS: tuple[tuple[str, str], ...] = (
    ("dubov", "dubov"), ("burstein", "burstein"), ("lim", "lim"), ("norwegian", "norwegian-monrad"),
    ("monrad", "monrad"), ("scheveningen", "scheveningen"), ("round robin", "berger"), ("round-robin", "berger"),
    ("berger", "berger"), ("dutch", "dutch"),
)


def system_for_event_type(text: str) -> str | None:
    """The registry name a TRF16 record 092 (free text, such as "Individual: Swiss-System, FIDE Dubov")
    names, by the first system word in it; ``None`` when it names none (then the file's other records, or
    the Dutch default, decide)."""
    words = " ".join(text.lower().translate(str.maketrans(":,()_/", "      ")).split())
    for word, system in _EVENT_TYPE_WORDS:
        if f" {word} " in f" {words} ":
            return system
    return None


def accelerated_ett(code: str) -> bool:
    """True for an ETT26 code of the Baku acceleration (``FIDE_DUTCH_BAKU``, ``FIDE_BURSTEIN_BAKU``)."""
    return code.strip().upper().endswith("_BAKU")


def is_team_ett(code: str) -> bool:
    return code.strip().upper().startswith(("FIDE_TEAM", "CUSTOM_TEAM"))


# ---------------------------------------------------------------------------------------------------------
# Records 202/212: MTB26 tie-break codes <-> sheetpair codes
# ---------------------------------------------------------------------------------------------------------

_MTB26 = frozenset(
    "DE BPG BWG REP STD SB ARO TPR PTP APRO APPO RTNG WIN WON PS TPN BH AOB FB KS BC TBR BBE".split()
)


def mtb26_code(code: str) -> str:
    """``BH-C1`` -> ``BH/C1``, ``KS-L-1`` -> ``KS/L-1``, ``AOB-F`` -> ``AOB/F``; a sheetpair-only tie-break
    becomes a self-defined ``OTHER_`` code."""
    base, _, modifier = code.partition("-")
    text = base if base in _MTB26 else f"OTHER_{base}"
    if modifier == "P" or modifier.endswith("-P"):  # forfeits as played: a flag of its own (BH-C1-P -> BH/C1/P)
        modifier = modifier.removesuffix("P").removesuffix("-")
        return f"{text}/{modifier}/P" if modifier else f"{text}/P"
    return f"{text}/{modifier}" if modifier else text


def sheetpair_tiebreak(code: str) -> str:
    """``BH/C1`` -> ``BH-C1``, ``KS/L+1`` -> ``KS-L+1``, ``OTHER_WNT`` -> ``WNT``; MTB26's fore flag on
    Buchholz is Fore Buchholz: ``BH/F`` -> ``FB``, ``BH/C1/F`` -> ``FB-C1``. The caller checks the result
    against the registry (one modifier per code)."""
    text = code.strip().upper()
    if text.startswith("OTHER_"):
        text = text[len("OTHER_"):]
    base, *modifiers = text.split("/")
    if base == "BH" and "F" in modifiers:
        base = "FB"
        modifiers.remove("F")
    return "-".join([base, *modifiers])


def line_202(tiebreaks: tuple[str, ...]) -> str:
    return "202 " + ",".join(mtb26_code(c) for c in tiebreaks)


def line_212(tiebreaks: tuple[str, ...]) -> str:
    return "212 " + ",".join(["PTS", *(mtb26_code(c) for c in tiebreaks)])


# ---------------------------------------------------------------------------------------------------------
# sheetpair's own records
# ---------------------------------------------------------------------------------------------------------

SP_SETTING = "SPS"
"""``SPS key value``: a setting no TRF record holds (system, seed, double round robin, a system option)."""
SP_PLAYER = "SPP"
"""``SPP NNNN field value``: a player field no 001 column holds (club, team, withdrawal, a name too long, the
provisional rating of an unrated player)."""
SP_BOARDS = "SPB"
"""``SPB RRR white:board ...``: board numbers of a round whose boards are not in FIDE's printed order."""
SP_BYE_BOARD = "SPY"
"""``SPY RRR player:board ...``: byes printed on a board (the round robin's rest against the dummy)."""

SP_RANKS = "SPR"
"""``SPR fingerprint tpn:rank ...``: the final ranks an imported file declared (columns 86-89), kept in the
workbook (never written to a TRF: its ``001`` lines carry them) with the :func:`results_fingerprint` of the
event they describe, so that an export writes them back while no result or pairing has changed since."""
_RANKS_PER_RECORD = 100

NAME_WIDTH = 33
"""Columns 15-47 hold the name."""


def results_fingerprint(tournament: Tournament) -> str:
    """What the ranks of ``tournament`` depend on, condensed: the players, every game and bye with its result,
    the scoring and the tie-break list (boards, names and ratings do not move a rank)."""
    settings = tournament.settings
    parts = [
        " ".join(str(p.tpn) for p in tournament.players),
        f"{settings.points_win} {settings.points_draw} {settings.points_loss} {settings.bye_value}",
        ",".join(settings.tiebreaks),
    ]
    for rnd in tournament.rounds:
        games = sorted(f"{g.white}-{g.black}:{g.result.value}{'u' if g.is_unrated else ''}" for g in rnd.games)
        byes = sorted(f"{b.player}:{b.kind.value}" for b in rnd.byes)
        parts.append(f"{rnd.number} " + " ".join(games + byes))
    return hashlib.sha256("\n".join(parts).encode("utf-8")).hexdigest()[:16]


def rank_records(tournament: Tournament, ranks: dict[int, int]) -> list[str]:
    """The ``SPR`` records keeping ``ranks`` (start number -> declared rank) for ``tournament`` as it is now."""
    fingerprint = results_fingerprint(tournament)
    pairs = [f"{tpn}:{rank}" for tpn, rank in sorted(ranks.items())]
    return [f"{SP_RANKS} {fingerprint} " + " ".join(pairs[i:i + _RANKS_PER_RECORD])
            for i in range(0, len(pairs), _RANKS_PER_RECORD)]


def kept_ranks(tournament: Tournament) -> dict[int, int] | None:
    """The declared ranks kept in the ``SPR`` records, when they still describe ``tournament`` (same
    fingerprint, one rank for every player); else None, and the standings rank."""
    records = [line.split() for line in tournament.preserved_records if line.startswith(SP_RANKS + " ")]
    fingerprint = results_fingerprint(tournament)
    if not records or any(len(words) < 2 or words[1] != fingerprint for words in records):
        return None
    ranks = {}
    for words in records:
        for pair in words[2:]:
            tpn, _, rank = pair.partition(":")
            if not (tpn.isdigit() and rank.isdigit()):
                return None
            ranks[int(tpn)] = int(rank)
    return ranks if set(ranks) == {p.tpn for p in tournament.players} else None
