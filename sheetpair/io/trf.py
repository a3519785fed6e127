"""Reading FIDE Tournament Report Files (TRF16, TRF26 and the engines' TRF(x)/TRF(bx) records).

Column positions follow the FIDE documents (C.04 Annex 2 "TRF16", Handbook C.02.03 Annexure A "TRF26"),
1-based and inclusive, digested in ``spec/fide-trf.md``. A ``001`` line holds one player and one 10-column
block per round (opponent at 92-95, colour at 97, result at 99 for round 1, then every 10 columns).

The file stores each player's view of each round; sheetpair stores boards. The reader joins the two views of
every game (and refuses a file whose two lines of a game disagree), turns opponent-less entries into byes,
and reads a last round column holding only pre-assigned byes (``0000 - H``, the JaVaFo/bbpPairings way of
announcing the byes of the round about to be paired) as requested byes, not as a played round.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ..core.errors import TrfError
from ..core.model import (
    Bye,
    ByeKind,
    Colour,
    EventInfo,
    Game,
    Player,
    Result,
    Round,
    Settings,
    Tournament,
)
from ..core.state import derive

FIRST_ROUND_COLUMN = 92
"""1-based column where round 1's opponent starts; round r starts 10 (r-1) columns later."""
ROUND_WIDTH = 10

_LINE_BREAK = re.compile(r"\r\n|\r|\n")

_GAME_RESULTS: dict[tuple[str, str], Result] = {
    ("1", "0"): Result.WHITE_WINS,
    ("0", "1"): Result.BLACK_WINS,
    ("=", "="): Result.DRAW,
    ("+", "-"): Result.WHITE_WINS_BY_FORFEIT,
    ("-", "+"): Result.BLACK_WINS_BY_FORFEIT,
    ("-", "-"): Result.DOUBLE_FORFEIT,
    ("0", "0"): Result.BOTH_LOSE,
    ("=", "0"): Result.WHITE_DRAWS_BLACK_LOSES,
    ("0", "="): Result.WHITE_LOSES_BLACK_DRAWS,
    (" ", " "): Result.NONE,
    ("*", "*"): Result.POSTPONED,
}
"""White's and Black's result codes -> the board's result. ``W D L`` (games of less than one move, played
but not rated) are read as ``1 = 0``: every engine treats them as played games (see spec/fide-trf.md 4.1)."""

_SHORT_GAME = {"W": "1", "D": "=", "L": "0"}

_BYE_CODES: dict[str, ByeKind | None] = {
    "U": ByeKind.PAB,
    "+": ByeKind.PAB,  # older programs: a "forfeit win" without opponent is the bye (JaVaFo's reading)
    "H": ByeKind.HALF,
    "=": ByeKind.HALF,  # older JaVaFo/Vega files: "0000 - =" is a half-point bye
    "D": ByeKind.HALF,
    "F": ByeKind.FULL,
    "1": ByeKind.FULL,
    "W": ByeKind.FULL,
    "Z": ByeKind.ZERO,
    "0": ByeKind.ZERO,
    "L": ByeKind.ZERO,
    "-": None,  # not paired, no points: absent
    " ": None,
}
"""Result code of an entry without opponent -> the bye it records (``None``: the player was not paired)."""

_REQUESTABLE = (ByeKind.HALF, ByeKind.ZERO, ByeKind.FULL)

TEAM_RECORDS = frozenset({"300", "310", "320", "330", "801", "802"})
"""Record types only team events have (TRF26 section 5); ``013`` alone is tolerated (JaVaFo's sample has one)."""


@dataclass(frozen=True)
class _Entry:
    """One player's block for one round, as written."""

    line: int
    column: int
    opponent: int
    colour: str
    result: str

    @property
    def is_empty(self) -> bool:
        return self.opponent == 0 and self.colour in " -" and self.result == " "

    @property
    def bye_kind(self) -> ByeKind | None:
        return _BYE_CODES[self.result]

    @property
    def took_part(self) -> bool:
        """True for a game (played, forfeited or pending) or a pairing-allocated bye: the pairing placed the
        player. Pre-assigned byes and absences do not make a round "paired" (JaVaFo and bbpPairings agree)."""
        return self.opponent != 0 or self.bye_kind is ByeKind.PAB


def load_trf(path: str | Path, *, system: str | None = None) -> Tournament:
    """Reads the TRF file at ``path`` (UTF-8; CR, LF or CRLF line ends); see :func:`read_trf`.

    :raises TrfError: if the file is not valid UTF-8 or a line cannot be read.
    """
    raw = Path(path).read_bytes()
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = raw[: error.start].count(b"\n") + 1
        raise TrfError("the file is not UTF-8 text", line=line) from None
    return read_trf(text, system=system)


def read_trf(text: str, *, system: str | None = None) -> Tournament:
    """The tournament a TRF describes.

    ``system`` is the registry name of the pairing system to store (default: ``"dutch"``). Header records
    fill :class:`EventInfo` and :class:`Settings`; ``XXR``/``142`` give the planned rounds, ``XXC white1|
    black1``/``152`` the colour of start number 1 in round 1; records sheetpair does not interpret are kept
    in :attr:`Tournament.preserved_records`.

    :raises TrfError: naming the line and column of anything that cannot be read.
    """
    reader = _Reader(system or "dutch")
    for number, line in enumerate(_LINE_BREAK.split(text), start=1):
        reader.read_line(number, line)
    return reader.tournament()


class _Reader:
    """Collects a file's lines, then joins them into a tournament."""

    def __init__(self, system: str) -> None:
        self.system = system
        self.event = EventInfo()
        self.players: dict[int, Player] = {}
        self.entries: dict[int, list[_Entry]] = {}
        self.player_lines: dict[int, int] = {}
        self.rounds: int | None = None
        self.initial_colour: Colour | None = None
        self.preserved: list[str] = []

    def read_line(self, number: int, line: str) -> None:
        if not line.strip():
            return
        code = line[:3]
        if code == "001":
            self._read_player(number, line)
        elif code in _HEADER_FIELDS:
            setattr(self.event, _HEADER_FIELDS[code], line[4:].strip())
        elif code in ("XXR", "142"):
            self.rounds = _number(line[4:].split()[0] if line[4:].split() else "", number, 5, "number of rounds")
        elif code == "XXC":
            self._read_xxc(line)
        elif code in TEAM_RECORDS:
            raise TrfError(
                f"record {code} belongs to a team event; sheetpair pairs individual events only", line=number
            )
        else:
            self.preserved.append(line)

    def _read_xxc(self, line: str) -> None:
        words = line[4:].split()
        for word in words:
            if word.lower() == "white1":
                self.initial_colour = Colour.WHITE
            elif word.lower() == "black1":
                self.initial_colour = Colour.BLACK
        others = [w for w in words if w.lower() not in ("white1", "black1")]
        if others:
            self.preserved.append("XXC " + " ".join(others))

    def _read_player(self, number: int, line: str) -> None:
        tpn = _number(line[4:8], number, 5, "start number (columns 5-8)")
        if tpn in self.players:
            raise TrfError(f"start number {tpn} appears twice (first on line {self.player_lines[tpn]})",
                           line=number, column=5)
        rating_text = line[48:52].strip()
        self.players[tpn] = Player(
            tpn=tpn,
            name=line[14:47].strip(),
            rating=_number(rating_text, number, 49, "rating (columns 49-52)") if rating_text else 0,
            title=line[10:13].strip(),
            federation=line[53:56].strip(),
            fide_id=line[57:68].strip(),
            birth_date=line[69:79].strip(),
            sex=line[9:10].strip(),
        )
        self.player_lines[tpn] = number
        self.entries[tpn] = _round_entries(number, line)

    def tournament(self) -> Tournament:
        if not self.players:
            raise TrfError("the file has no player line (record 001)")
        last_column = max((len(e) for e in self.entries.values()), default=0)
        requested: dict[int, dict[int, ByeKind]] = {}
        paired_rounds = last_column
        if last_column and not any(
            len(e) >= last_column and e[last_column - 1].took_part for e in self.entries.values()
        ):
            requested[last_column] = self._requested_byes(last_column)
            paired_rounds -= 1
        planned = max(self.rounds or 0, paired_rounds + (1 if requested else 0), 1)
        settings = Settings(
            system=self.system,
            rounds=planned,
            initial_colour=self.initial_colour or self._first_round_colour(),
            event=self.event,
        )
        tournament = Tournament(
            settings=settings,
            players=[self.players[tpn] for tpn in sorted(self.players)],
            requested_byes={r: byes for r, byes in requested.items() if byes},
            preserved_records=self.preserved,
        )
        for round_number in range(1, paired_rounds + 1):
            tournament.rounds.append(self._round(tournament, round_number))
        return tournament

    def _entry(self, tpn: int, round_number: int) -> _Entry | None:
        entries = self.entries[tpn]
        return entries[round_number - 1] if round_number <= len(entries) else None

    def _requested_byes(self, round_number: int) -> dict[int, ByeKind]:
        byes: dict[int, ByeKind] = {}
        for tpn in sorted(self.players):
            entry = self._entry(tpn, round_number)
            if entry is None or entry.bye_kind is None:
                continue
            if entry.bye_kind not in _REQUESTABLE:
                raise TrfError(f"a pre-assigned bye is H, Z or F, not {entry.result!r}",
                               line=entry.line, column=entry.column + 7)
            byes[tpn] = entry.bye_kind
        return byes

    def _first_round_colour(self) -> Colour:
        """Colour of the highest-ranked player paired in round 1 (TRF26 record 152's default), else White."""
        for tpn in sorted(self.players):
            entry = self._entry(tpn, 1)
            if entry is not None and entry.opponent and entry.colour in "wb":
                return Colour.WHITE if entry.colour == "w" else Colour.BLACK
        return Colour.WHITE

    def _round(self, tournament: Tournament, round_number: int) -> Round:
        """Joins both players' entries of every game of ``round_number``; boards in FIDE's printed order."""
        pairs: list[tuple[int, int, Result]] = []
        byes: list[Bye] = []
        for tpn in sorted(self.players):
            entry = self._entry(tpn, round_number)
            if entry is None:
                continue
            if entry.opponent == 0:
                if entry.bye_kind is not None:
                    byes.append(Bye(tpn, entry.bye_kind))
                continue
            if entry.opponent not in self.players:
                raise TrfError(f"opponent {entry.opponent} has no player line", line=entry.line,
                               column=entry.column)
            if entry.opponent < tpn:
                continue  # read from the other player's line
            pairs.append(self._game(tpn, entry, round_number))
        state = derive(tournament)
        pairs.sort(key=lambda p: _board_key(state.score(p[0]), state.score(p[1]), p[0], p[1]))
        games = [Game(board, white, black, result) for board, (white, black, result) in enumerate(pairs, 1)]
        return Round(round_number, games, byes)

    def _game(self, tpn: int, entry: _Entry, round_number: int) -> tuple[int, int, Result]:
        other = self._entry(entry.opponent, round_number)
        if other is None or other.opponent != tpn:
            seen = "nothing" if other is None or other.opponent == 0 else f"opponent {other.opponent}"
            raise TrfError(
                f"round {round_number}: player {tpn} meets {entry.opponent}, whose line has {seen} in that round",
                line=entry.line, column=entry.column,
            )
        if {entry.colour, other.colour} == {"w", "b"}:
            white, black = (entry, other) if entry.colour == "w" else (other, entry)
            white_tpn, black_tpn = (tpn, entry.opponent) if entry.colour == "w" else (entry.opponent, tpn)
        elif entry.colour in " -" and other.colour in " -" and entry.result in "+- " and other.result in "+- ":
            # A forfeit without scheduled colour (older programs): colour is irrelevant for forfeits (GHR
            # 3.4), so the winner, or the lower start number, is written as White.
            swap = other.result == "+" and entry.result != "+"
            white, black = (other, entry) if swap else (entry, other)
            white_tpn, black_tpn = (entry.opponent, tpn) if swap else (tpn, entry.opponent)
        else:
            raise TrfError(
                f"round {round_number}: players {tpn} and {entry.opponent} need colours w and b, "
                f"not {entry.colour!r} and {other.colour!r}",
                line=entry.line, column=entry.column + 5,
            )
        codes = (_SHORT_GAME.get(white.result, white.result), _SHORT_GAME.get(black.result, black.result))
        if codes not in _GAME_RESULTS:
            raise TrfError(
                f"round {round_number}: results {white.result!r} (White {white_tpn}) and {black.result!r} "
                f"(Black {black_tpn}) do not make one game result",
                line=entry.line, column=entry.column + 7,
            )
        return white_tpn, black_tpn, _GAME_RESULTS[codes]


_HEADER_FIELDS = {
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


def _board_key(white_score: float, black_score: float, white: int, black: int) -> tuple[float, float, int]:
    """FIDE's printed board order (C.04.2 D.9): higher score of the pair, then sum of scores, then the
    higher-ranked player's start number."""
    return (-max(white_score, black_score), -(white_score + black_score), min(white, black))


def _round_entries(number: int, line: str) -> list[_Entry]:
    """The round blocks of a ``001`` line, without trailing empty ones."""
    entries: list[_Entry] = []
    start = FIRST_ROUND_COLUMN - 1
    while start < len(line.rstrip()):
        block = line[start : start + 8].ljust(8)
        column = start + 1
        opponent_text = block[0:4].strip()
        opponent = _number(opponent_text, number, column, "opponent (4 digits)") if opponent_text else 0
        colour = block[5].lower()
        result = block[7].upper() if block[7] not in "wdlhfuz" else block[7].upper()
        if colour not in "wb- ":
            raise TrfError(f"colour is w, b or -, not {block[5]!r}", line=number, column=column + 5)
        if result not in _BYE_CODES and result not in ("*",):
            raise TrfError(f"unknown result code {block[7]!r}", line=number, column=column + 7)
        if block[4] != " " or block[6] != " " or line[start + 8 : start + 10].strip():
            raise TrfError("a round block is 'OOOO c r' followed by two spaces", line=number, column=column)
        entries.append(_Entry(number, column, opponent, colour, result))
        start += ROUND_WIDTH
    while entries and entries[-1].is_empty:
        entries.pop()
    return entries


def _number(text: str, line: int, column: int, what: str) -> int:
    text = text.strip()
    if not text.isdigit():
        raise TrfError(f"expected a whole number for the {what}, found {text!r}", line=line, column=column)
    return int(text)
