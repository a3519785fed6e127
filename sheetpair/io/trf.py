"""Reading FIDE Tournament Report Files: TRF16, TRF26, and the engines' TRF(x)/TRF(bx) records.

Column positions follow the FIDE documents (C.04 Annex 2 "TRF16", Handbook C.02.03 Annexure A "TRF26"),
1-based and inclusive, digested in docs/interchange.md. A ``001`` line holds one player and one 10-column
block per round (opponent at 92-95, colour at 97, result at 99 for round 1, then every 10 columns).

The file stores each player's view of each round; sheetpair stores boards. The reader joins the two views of
every game (and refuses a file whose two lines of a game disagree), turns opponent-less entries into byes,
and reads a last round column holding only pre-assigned byes (``0000 - H``, the JaVaFo/bbpPairings way of
announcing the byes of the round about to be paired) as requested byes, not as a played round; ``240``
records and ``XXZ`` announce them too. Records sheetpair does not interpret (round dates, NRS lines,
acceleration, ``###`` comments...) are kept in :attr:`Tournament.preserved_records`, so an export gives
them back; records the writer derives from the tournament (player counts, ``212``...) are kept only when
the file's text differs from what sheetpair would write.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from itertools import combinations
from pathlib import Path

from ..core.errors import InputError, TrfError
from ..core.model import Bye, ByeKind, Colour, EventInfo, Game, Player, Result, Round, Settings, Tournament
from ..core.state import derive
from ..core.tiebreaks import parse_tiebreak_list
from .port import legacy_code_page, unicode_text, visible_text
from .trf_records import (
    FIRST_ROUND_COLUMN,
    GAME_CODES,
    HEADER_FIELDS,
    ROUND_WIDTH,
    SHORT_GAME_CODES,
    SP_BOARDS,
    SP_BYE_BOARD,
    SP_PLAYER,
    SP_RANKS,
    SP_SETTING,
    TEAM_RECORDS,
    TRF26_RECORDS,
    TrfFormat,
    accelerated_ett,
    board_key,
    count_line,
    ett_code,
    is_team_ett,
    line_212,
    scores_before,
    sheetpair_tiebreak,
    system_for_ett,
    system_for_event_type,
)

_LINE_BREAK = re.compile(r"\r\n|\r|\n")

_GAME_RESULTS: dict[tuple[str, str], Result] = {codes: result for result, codes in GAME_CODES.items()}

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

_RESULT_CODES = frozenset(_BYE_CODES) | {"*"}
_REQUESTABLE = {"H": ByeKind.HALF, "Z": ByeKind.ZERO, "F": ByeKind.FULL}
_XXS_KEYS = {"WW": "win", "BW": "win", "FW": "win", "FPB": "win", "WD": "draw", "BD": "draw", "HPB": "draw",
             "WL": "loss", "BL": "loss", "FL": "loss", "PAB": "bye", "ZPB": "zero"}
_XXS_SHORTCUTS = {"W": ("WW", "BW", "FW", "FPB"), "D": ("WD", "BD", "HPB")}
_162_SYMBOLS = {"W": "win", "D": "draw", "L": "loss", "P": "bye", "A": "zero"}
_BB_KEYS = {"BBW": "win", "BBD": "draw", "BBL": "loss", "BBU": "bye", "BBZ": "zero", "BBF": "forfeit loss"}


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
        return _BYE_CODES.get(self.result)

    @property
    def took_part(self) -> bool:
        """True for a game (played, forfeited or pending) or a pairing-allocated bye: the pairing placed the
        player. Pre-assigned byes and absences do not make a round "paired" (JaVaFo and bbpPairings agree)."""
        return self.opponent != 0 or self.bye_kind is ByeKind.PAB


def detect_format(text: str) -> TrfFormat:
    """TRF26 when the file has a record only TRF26 defines (``142``, ``152``, ``192``, ``###``...), else TRF16."""
    codes = {line[:3] for line in _LINE_BREAK.split(text)}
    return TrfFormat.TRF26 if codes & TRF26_RECORDS else TrfFormat.TRF16


def load_trf(path: str | Path, *, system: str | None = None) -> Tournament:
    """Reads the TRF file at ``path`` (UTF-8; CR, LF or CRLF line ends); see :func:`read_trf`.

    :raises TrfError: if the file is not UTF-8 text or a line cannot be read.
    """
    return read_trf(decode_trf(Path(path).read_bytes()), system=system)


def decode_trf(raw: bytes) -> str:
    """The text of a TRF file: UTF-8 (JaVaFo's recommendation, bbpPairings' requirement, sheetpair's export),
    a BOM tolerated, or UTF-16 with its BOM (a TRF saved as "Unicode" in Notepad); else the single-byte code
    page that makes names of it (:func:`~sheetpair.io.port.legacy_code_page`: Windows-1252, which older
    Windows programs wrote, Mac Roman or Windows-1250). All keep one character per column, so the fixed
    columns stay in place.

    :raises TrfError: naming the first line that is not UTF-8, when no code page makes names of the file.
    """
    text = unicode_text(raw)
    if text is not None:
        return text
    found = legacy_code_page([raw])
    if found is not None:
        return raw.decode(found[0])
    lines = _LINE_BREAK.split(raw.decode("latin-1"))
    line = next((n for n, part in enumerate(lines, start=1) if not _is_utf8(part.encode("latin-1"))), 1)
    raise TrfError("the file is neither UTF-8 nor in a code page that makes names of it (Windows-1252, Mac Roman, "
                   "Windows-1250)", line=line)


def _is_utf8(raw: bytes) -> bool:
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def read_trf(text: str, *, system: str | None = None, check_points: bool = True) -> Tournament:
    """The tournament a TRF describes.

    ``system`` is the registry name of the pairing system to store; without it the file's ``SPS system`` or
    ``192`` record decides, else ``"dutch"``. ``XXR``/``142`` give the planned rounds, ``XXC white1|black1``/
    ``152`` the colour of start number 1 in round 1 (without them: the colour of the highest start number
    paired in round 1, TRF26 record 152's rule).

    ``check_points=False`` leaves the declared points (columns 81-84) unchecked, for the standings checker
    that reports every mismatch instead of stopping at the first.

    :raises TrfError: naming the line and column of anything that cannot be read, and for team events.
    """
    reader = _Reader()
    text = visible_text(text, source="TRF")  # one mark per character: the columns stay where they are
    for number, line in enumerate(_LINE_BREAK.split(text), start=1):
        try:
            reader.read_line(number, line)
        except (ValueError, IndexError) as error:  # a malformed value inside a record read by words
            if isinstance(error, TrfError):
                raise
            raise TrfError(f"cannot read record {line[:3]!r}: {error}", line=number) from None
    return reader.tournament(system, check_points)


def _written_as(line: str, canonical: Callable[[Tournament], str]) -> Callable[[Tournament], bool]:
    """True for a tournament whose export writes ``line`` exactly so: the line need not be kept."""
    def redundant(tournament: Tournament) -> bool:
        return canonical(tournament) == line

    return redundant


def _whole_event(first: int, last: int) -> Callable[[Tournament], bool]:
    """True when a ``260`` round range covers the whole event, as sheetpair's forbidden pairs do."""
    def redundant(tournament: Tournament) -> bool:
        return first <= 1 and last >= tournament.settings.rounds

    return redundant


@dataclass
class _Kept:
    """A line kept for the export, unless ``redundant`` says the writer would write it the same way."""

    text: str
    redundant: Callable[[Tournament], bool] | None = None


@dataclass
class _Reader:
    """Collects a file's lines, then joins them into a tournament."""

    event: EventInfo = field(default_factory=EventInfo)
    players: dict[int, Player] = field(default_factory=dict)
    entries: dict[int, list[_Entry]] = field(default_factory=dict)
    player_lines: dict[int, int] = field(default_factory=dict)
    rounds: tuple[int, int] | None = None
    initial_colour: Colour | None = None
    scoring: dict[str, float] = field(default_factory=dict)
    settings_records: dict[str, str] = field(default_factory=dict)
    ett: str | None = None
    tiebreaks: tuple[str, ...] | None = None
    later_byes: list[tuple[int, int, ByeKind, int]] = field(default_factory=list)
    absent_next: list[int] = field(default_factory=list)
    forbidden: set[frozenset[int]] = field(default_factory=set)
    player_records: list[tuple[int, int, str, str]] = field(default_factory=list)
    boards: dict[int, tuple[int, dict[int, int]]] = field(default_factory=dict)
    bye_boards: dict[int, tuple[int, dict[int, int]]] = field(default_factory=dict)
    kept: list[_Kept] = field(default_factory=list)
    file_points: dict[int, float] = field(default_factory=dict)
    accelerated: bool = False

    def read_line(self, number: int, line: str) -> None:
        if not line.strip():
            return
        code = line[:3]
        value = line[4:].strip()
        if code == "001":
            self._read_player(number, line)
            return
        if code in TEAM_RECORDS or (code == "192" and is_team_ett(value)):
            raise TrfError(
                f"record {code} belongs to a team event; sheetpair imports individual events only", line=number
            )
        for reader in (self._read_event_record, self._read_round_record, self._read_own_record):
            if reader(number, line, code, value):
                return
        self.accelerated |= code in ("XXA", "250")
        self.kept.append(_Kept(line))

    def _read_event_record(self, number: int, line: str, code: str, value: str) -> bool:
        """The event's header, rounds, colours, scoring and tie-breaks; False for any other record."""
        if code in HEADER_FIELDS:
            self._read_header(code, value)
        elif code in ("XXR", "142"):
            self._read_rounds(number, value)
        elif code == "XXC":
            self._read_xxc(line)
        elif code == "152":
            if value not in ("W", "B"):
                raise TrfError(f"record 152 holds W or B, not {value!r}", line=number, column=5)
            self.initial_colour = Colour(value)
        elif code in ("XXS", "162") or code in _BB_KEYS:
            self._read_scoring(number, line)
        elif code == "192":
            self.ett = value
            self.kept.append(_Kept(line, _written_as(line, lambda t: f"192 {ett_code(t.settings)}")))
        elif code == "202":
            self._read_tiebreaks(line, value)
        elif code == "212":
            self.kept.append(_Kept(line, _written_as(line, lambda t: line_212(t.settings.tiebreaks))))
        elif code in ("062", "072"):
            self.kept.append(_Kept(line, _written_as(line, partial(count_line, code=code))))
        else:
            return False
        return True

    def _read_round_record(self, number: int, line: str, code: str, value: str) -> bool:
        """Byes announced for the next round and forbidden pairs; False for any other record."""
        if code == "240":
            self._read_byes_240(number, line)
        elif code == "XXZ":
            self.absent_next += [_int(w, number, None, "start number") for w in value.split()]
        elif code == "XXP":
            ids = [_int(w, number, None, "start number") for w in value.split()]
            self.forbidden |= {frozenset(pair) for pair in combinations(ids, 2)}
        elif code == "260":
            self._read_forbidden_260(number, line)
        else:
            return False
        return True

    def _read_own_record(self, number: int, line: str, code: str, value: str) -> bool:
        """sheetpair's own records (settings, player details, board numbers); False for any other record."""
        if code == SP_SETTING:
            self._read_setting(number, line, value)
        elif code == SP_PLAYER:
            tpn = _int(line[4:8], number, 5, "start number")
            key, _, text = line[9:].partition(" ")
            self.player_records.append((number, tpn, key, text))
        elif code in (SP_BOARDS, SP_BYE_BOARD):
            self._read_boards(number, line)
        elif code == SP_RANKS:
            pass  # a workbook's note of the declared ranks, never in a TRF: the 001 lines declare them
        else:
            return False
        return True

    def _read_setting(self, number: int, line: str, value: str) -> None:
        """``SPS key value``; a key of a later sheetpair version is kept as written."""
        key, _, setting = value.partition(" ")
        if key not in ("system", "seed", "double_round_robin", "tiebreaks") and not key.startswith("option."):
            self.kept.append(_Kept(line))
            return
        if key == "seed" and not re.fullmatch(r"-?\d+", setting):
            raise TrfError(f"the seed is a whole number, not {setting!r}", line=number, column=10)
        if key == "double_round_robin" and setting not in ("yes", "no"):
            raise TrfError(f"double_round_robin is yes or no, not {setting!r}", line=number)
        if key == "tiebreaks":
            try:
                self.tiebreaks = parse_tiebreak_list(setting)
            except InputError as error:
                raise TrfError(str(error), line=number) from None
        self.settings_records[key] = setting

    def _read_header(self, code: str, value: str) -> None:
        name = HEADER_FIELDS[code]
        if code == "112" and self.event.deputy_arbiters:
            value = f"{self.event.deputy_arbiters}\n{value}"
        setattr(self.event, name, value)

    def _read_rounds(self, number: int, value: str) -> None:
        words = value.split()
        rounds = _int(words[0] if len(words) == 1 else value, number, 5, "number of rounds")
        if self.rounds is not None and self.rounds[0] != rounds:
            raise TrfError(f"{rounds} rounds here but {self.rounds[0]} on line {self.rounds[1]}", line=number)
        self.rounds = (rounds, number)

    def _read_xxc(self, line: str) -> None:
        others = []
        for word in line[4:].split():
            if word.lower() in ("white1", "black1"):
                self.initial_colour = Colour.WHITE if word.lower() == "white1" else Colour.BLACK
            else:
                others.append(word)
        if others:  # "rank" (pair by file order) has no sheetpair meaning: keep it for the export
            self.kept.append(_Kept("XXC " + " ".join(others)))

    def _read_scoring(self, number: int, line: str) -> None:
        code = line[:3]
        values: dict[str, float] = {}
        if code == "XXS":
            colour_dependent = False
            for word in line[4:].split():
                key, sep, text = word.partition("=")
                if not sep or key.upper() not in {*_XXS_KEYS, *_XXS_SHORTCUTS}:
                    raise TrfError(f"XXS expects CODE=points (WW, BW, WD, ..., PAB), not {word!r}", line=number)
                points = _points(text, number, None)
                for k in _XXS_SHORTCUTS.get(key.upper(), (key.upper(),)):
                    if values.get(_XXS_KEYS[k], points) != points and not colour_dependent:
                        colour_dependent = True
                        self.kept.append(_Kept(line))  # e.g. WW != BW: sheetpair cannot hold it, kept as written
                    values[_XXS_KEYS[k]] = points
        elif code == "162":
            for start in range(5, len(line.rstrip()), 9):
                symbol = line[start]
                if symbol not in _162_SYMBOLS:
                    raise TrfError(f"record 162 uses the symbols W D L A P, not {symbol!r}",
                                   line=number, column=start + 1)
                values[_162_SYMBOLS[symbol]] = _points(line[start + 1 : start + 5], number, start + 2)
        else:
            values[_BB_KEYS[code]] = _points(line[4:], number, 5)
        forfeit_loss = values.get("forfeit loss", values.get("loss", self.scoring.get("loss", 0.0)))
        if values.get("zero", 0.0) != 0.0 or forfeit_loss != values.get("loss", self.scoring.get("loss", 0.0)):
            self.kept.append(_Kept(line))  # sheetpair gives zero-point byes nothing and forfeit losses a loss
        if "win" in values and "bye" not in values and "bye" not in self.scoring:
            values["bye"] = values["win"]  # "P: same as W" (TRF26 162), bbpPairings' rule for BBW
        self.scoring.update({k: v for k, v in values.items() if k in ("win", "draw", "loss", "bye")})

    def _read_tiebreaks(self, line: str, value: str) -> None:
        try:
            self.tiebreaks = parse_tiebreak_list([sheetpair_tiebreak(c) for c in value.split(",")])
        except ValueError:
            self.kept.append(_Kept(line))  # a modifier or code sheetpair does not compute: kept as written

    def _read_byes_240(self, number: int, line: str) -> None:
        kind = _REQUESTABLE.get(line[4:5].upper())
        if kind is None:
            raise TrfError(f"record 240 has the bye type F, H or Z at column 5, not {line[4:5]!r}",
                           line=number, column=5)
        round_number = _int(line[6:9], number, 7, "round (columns 7-9)")
        for start in range(10, len(line.rstrip()), 5):
            tpn = _int(line[start : start + 4], number, start + 1, "start number")
            self.later_byes.append((round_number, tpn, kind, number))

    def _read_forbidden_260(self, number: int, line: str) -> None:
        first = _int(line[4:7], number, 5, "first round (columns 5-7)")
        last = _int(line[8:11], number, 9, "last round (columns 9-11)")
        ids = [_int(line[s : s + 4], number, s + 1, "start number") for s in range(12, len(line.rstrip()), 5)]
        pairs = {frozenset(pair) for pair in combinations(ids, 2)}
        self.forbidden |= pairs
        # sheetpair forbids a pair for the whole event; a shorter range is kept as written
        self.kept.append(_Kept(line, _whole_event(first, last)))

    def _read_boards(self, number: int, line: str) -> None:
        round_number = _int(line[4:7], number, 5, "round (columns 5-7)")
        pairs: dict[int, int] = {}
        for word in line[8:].split():
            tpn, sep, board = word.partition(":")
            if not sep:
                raise TrfError(f"expected start:board, not {word!r}", line=number)
            pairs[_int(tpn, number, None, "start number")] = _int(board, number, None, "board")
        target = self.boards if line[:3] == SP_BOARDS else self.bye_boards
        target[round_number] = (number, pairs)

    def _read_player(self, number: int, line: str) -> None:
        tpn = _int(line[4:8], number, 5, "start number (columns 5-8)")
        if tpn == 0:
            raise TrfError("start numbers begin at 1 (0000 means 'no opponent')", line=number, column=5)
        if tpn in self.players:
            raise TrfError(f"start number {tpn} appears twice (first on line {self.player_lines[tpn]})",
                           line=number, column=5)
        rating_text = line[48:52].strip()
        self.players[tpn] = Player(
            tpn=tpn,
            name=line[14:47].strip(),
            rating=_int(rating_text, number, 49, "rating (columns 49-52)") if rating_text else 0,
            title=line[10:13].strip(),
            federation=line[53:56].strip(),
            fide_id=line[57:68].strip(),
            birth_date=line[69:79].strip(),
            sex=line[9:10].strip(),
        )
        points = line[80:84].strip()
        if points:
            self.file_points[tpn] = _points(points, number, 81)
        self.player_lines[tpn] = number
        self.entries[tpn] = _round_entries(number, line)

    # --- joining -------------------------------------------------------------------------------------

    def tournament(self, system: str | None, check_points: bool = True) -> Tournament:
        if not self.players:
            raise TrfError("the file has no player line (record 001)")
        for entries in self.entries.values():
            for entry in entries:
                if entry.opponent and entry.opponent not in self.players:
                    raise TrfError(f"opponent {entry.opponent} has no player line", line=entry.line,
                                   column=entry.column)
        self._apply_player_records()
        last_column = max(len(e) for e in self.entries.values())
        paired_rounds = last_column
        if last_column and not any(self._took_part(tpn, last_column) for tpn in self.players):
            paired_rounds -= 1
        if self.rounds is not None and paired_rounds > self.rounds[0]:
            raise TrfError(f"{paired_rounds} rounds are paired, but the event has {self.rounds[0]} rounds",
                           line=self.rounds[1])
        settings = self._settings(system, paired_rounds)
        tournament = Tournament(
            settings=settings,
            players=[self.players[tpn] for tpn in sorted(self.players)],
            forbidden_pairs=self.forbidden,
        )
        tournament.rounds = [self._round(number) for number in range(1, paired_rounds + 1)]
        state = derive(tournament)
        for rnd in tournament.rounds:
            if rnd.number not in self.boards:
                scores = scores_before(state, rnd.number)
                rnd.games.sort(key=lambda g: board_key(scores, g.white, g.black))
                for board, game in enumerate(rnd.games, start=1):
                    game.board = board
        tournament.requested_byes = self._requested_byes(paired_rounds, tournament)
        announced = max(tournament.requested_byes, default=0)
        if announced > settings.rounds:
            if self.rounds is not None:
                raise TrfError(f"byes are announced for round {announced}, but the event has {settings.rounds} rounds",
                               line=self.rounds[1])
            settings.rounds = announced
        tournament.preserved_records = [k.text for k in self.kept if not (k.redundant and k.redundant(tournament))]
        if check_points and not self.accelerated:
            self._check_points(tournament, {tpn: player.score for tpn, player in state.players.items()})
        return tournament

    def _check_points(self, tournament: Tournament, scores: dict[int, float]) -> None:
        """Points (columns 81-84) must be what the results give under the file's scoring (TRF16 "Points"),
        possibly with the announced bye of the next round added (JaVaFo's convention). A mismatch means a
        misread file or a wrong one; both must reach the arbiter. Files with acceleration (``XXA``, ``250``)
        may add it or not (bbpPairings accepts both) and are not checked."""
        upcoming = tournament.requested_byes.get(tournament.current_round + 1, {})
        for tpn, points in self.file_points.items():
            score = scores[tpn]
            allowed = {round(score, 6)}
            if tpn in upcoming:
                allowed.add(round(score + tournament.settings.points_for_bye(upcoming[tpn]), 6))
            if round(points, 6) not in allowed:
                raise TrfError(
                    f"player {tpn} has {points:g} points, but the results give {score:g}",
                    line=self.player_lines[tpn], column=81,
                )

    def _took_part(self, tpn: int, round_number: int) -> bool:
        entry = self._entry(tpn, round_number)
        return entry is not None and entry.took_part

    def _settings(self, system: str | None, paired_rounds: int) -> Settings:
        records = self.settings_records
        ett_system = system_for_ett(self.ett) if self.ett else None
        name = (system or records.get("system") or (ett_system[0] if ett_system else None)
                or system_for_event_type(self.event.event_type) or "dutch")
        double = records.get("double_round_robin", "") == "yes" or bool(
            ett_system and ett_system[0] == name and ett_system[1]
        )
        tiebreaks = self.tiebreaks
        win = self.scoring.get("win", 1.0)
        return Settings(
            system=name,
            rounds=max(self.rounds[0] if self.rounds else 0, paired_rounds, 1),
            points_win=win,
            points_draw=self.scoring.get("draw", 0.5),
            points_loss=self.scoring.get("loss", 0.0),
            bye_value=self.scoring.get("bye", win),
            tiebreaks=tiebreaks or (),
            initial_colour=self.initial_colour or self._first_round_colour(),
            seed=int(records["seed"]) if "seed" in records else None,
            double_round_robin=double,
            options=self._options(),
            event=self.event,
        )

    def _options(self) -> dict[str, str]:
        """The system options of sheetpair's own records, and the Baku acceleration an ETT26 code names."""
        options = {k[len("option."):]: v for k, v in self.settings_records.items() if k.startswith("option.")}
        if self.ett and accelerated_ett(self.ett) and system_for_ett(self.ett):
            options.setdefault("acceleration", "baku")  # the ETT26 codes of the Dutch and Burstein systems
        return options

    def _apply_player_records(self) -> None:
        for line, tpn, key, text in self.player_records:
            if tpn not in self.players:
                raise TrfError(f"record {SP_PLAYER} names start number {tpn}, which has no player line", line=line)
            player = self.players[tpn]
            if key == "withdrawn":
                player.withdrawn_from = _int(text, line, 10, "round")
            elif key == "provisional":
                player.provisional_rating = _int(text, line, 10, "provisional rating")
            elif key in ("club", "team", "name"):
                setattr(player, key, text)
            else:
                raise TrfError(f"record {SP_PLAYER} holds club, team, name, withdrawn or provisional, not {key!r}",
                               line=line)

    def _entry(self, tpn: int, round_number: int) -> _Entry | None:
        entries = self.entries[tpn]
        return entries[round_number - 1] if round_number <= len(entries) else None

    def _requested_byes(self, paired_rounds: int, tournament: Tournament) -> dict[int, dict[int, ByeKind]]:
        """Byes of rounds not paired: the column after the last paired round, ``XXZ``, and ``240`` records."""
        requested: dict[int, dict[int, ByeKind]] = {}
        next_round = paired_rounds + 1
        for tpn in sorted(self.players):
            entry = self._entry(tpn, next_round)
            if entry is None or entry.bye_kind is None:
                continue
            if entry.result not in _REQUESTABLE:
                raise TrfError(f"a pre-assigned bye is H, Z or F, not {entry.result!r}",
                               line=entry.line, column=entry.column + 7)
            requested.setdefault(next_round, {})[tpn] = _REQUESTABLE[entry.result]
        for tpn in self.absent_next:
            requested.setdefault(next_round, {}).setdefault(tpn, ByeKind.ZERO)
        for round_number, tpn, kind, line in self.later_byes:
            if tpn not in self.players:
                raise TrfError(f"record 240 names start number {tpn}, which has no player line", line=line)
            if round_number > paired_rounds:
                requested.setdefault(round_number, {})[tpn] = kind
            elif not any(b.player == tpn and b.kind is kind for b in tournament.round(round_number).byes):
                raise TrfError(f"record 240 gives {tpn} a bye in round {round_number}, which the player lines "
                               "do not show", line=line)
        return {r: dict(sorted(byes.items())) for r, byes in sorted(requested.items())}

    def _first_round_colour(self) -> Colour:
        """Colour of the highest-ranked player paired in round 1 (TRF26 record 152's default), else White."""
        for tpn in sorted(self.players):
            entry = self._entry(tpn, 1)
            if entry is not None and entry.opponent and entry.colour in "wb":
                return Colour.WHITE if entry.colour == "w" else Colour.BLACK
        return Colour.WHITE

    def _round(self, round_number: int) -> Round:
        """Joins both players' entries of every game of ``round_number``; boards as recorded by ``SPB``."""
        pairs: list[tuple[int, int, Result, bool]] = []
        byes: list[Bye] = []
        bye_boards = self._board_map(self.bye_boards, round_number)
        for tpn in sorted(self.players):
            entry = self._entry(tpn, round_number)
            if entry is None:
                continue
            if entry.opponent == 0:
                if entry.bye_kind is not None:
                    byes.append(Bye(tpn, entry.bye_kind, bye_boards.get(tpn)))
            elif entry.opponent > tpn:  # each game once, from the lower start number's line
                pairs.append(self._game(tpn, entry, round_number))
        byes.sort(key=lambda b: (b.board is None, b.board or 0, b.player))
        boards = self._board_map(self.boards, round_number)
        if boards and sorted(boards) != sorted(w for w, *_ in pairs):
            raise TrfError(f"record {SP_BOARDS} does not list round {round_number}'s White players",
                           line=self.boards[round_number][0])
        # without SPB, boards are numbered in FIDE's printed order once all rounds are read
        numbered = sorted((boards.get(w, n), w, b, r, rated) for n, (w, b, r, rated) in enumerate(pairs, start=1))
        games = [Game(board, w, b, r, rated) for board, w, b, r, rated in numbered]
        return Round(round_number, games, byes)

    @staticmethod
    def _board_map(records: dict[int, tuple[int, dict[int, int]]], round_number: int) -> dict[int, int]:
        return records[round_number][1] if round_number in records else {}

    def _game(self, tpn: int, entry: _Entry, round_number: int) -> tuple[int, int, Result, bool]:
        """White, Black, the result and whether the game is rated, from both players' entries.

        :raises TrfError: where the two entries do not make one game, naming the line and column.
        """
        other = self._entry(entry.opponent, round_number)
        if other is None or other.opponent != tpn:
            seen = "nothing" if other is None or other.opponent == 0 else f"opponent {other.opponent}"
            raise TrfError(
                f"round {round_number}: player {tpn} meets {entry.opponent}, whose line has {seen} in that round",
                line=entry.line, column=entry.column,
            )
        if {entry.colour, other.colour} == {"w", "b"}:
            swap = entry.colour == "b"
        elif entry.colour in " -" and other.colour in " -" and {entry.result, other.result} <= {"+", "-"}:
            # A forfeit without scheduled colour (older programs): colour is irrelevant for forfeits (GHR
            # 3.4), so the winner, or the lower start number, is written as White.
            swap = other.result == "+" and entry.result != "+"
        else:
            raise TrfError(
                f"round {round_number}: players {tpn} and {entry.opponent} need colours w and b, "
                f"not {entry.colour!r} and {other.colour!r}",
                line=entry.line, column=entry.column + 5,
            )
        (white_tpn, white), (black_tpn, black) = ((entry.opponent, other), (tpn, entry)) if swap else (
            (tpn, entry), (entry.opponent, other))
        codes = (SHORT_GAME_CODES.get(white.result, white.result), SHORT_GAME_CODES.get(black.result, black.result))
        if codes not in _GAME_RESULTS:
            raise TrfError(
                f"round {round_number}: results {white.result!r} (White {white_tpn}) and {black.result!r} "
                f"(Black {black_tpn}) do not make one game result",
                line=entry.line, column=entry.column + 7,
            )
        unrated = [e.result in SHORT_GAME_CODES for e in (white, black)]
        if unrated[0] != unrated[1]:
            raise TrfError(
                f"round {round_number}: results {white.result!r} (White {white_tpn}) and {black.result!r} "
                f"(Black {black_tpn}) disagree on whether the game is rated (W D L on both lines, or 1 = 0)",
                line=entry.line, column=entry.column + 7,
            )
        return white_tpn, black_tpn, _GAME_RESULTS[codes], not unrated[0]


def _round_entries(number: int, line: str) -> list[_Entry]:
    """The round blocks of a ``001`` line, without trailing empty ones."""
    entries: list[_Entry] = []
    start = FIRST_ROUND_COLUMN - 1
    end = len(line.rstrip())
    while start < end:
        block = line[start : start + 8].ljust(8)
        column = start + 1
        opponent_text = block[0:4].strip()
        opponent = _int(opponent_text, number, column, "opponent (4 digits)") if opponent_text else 0
        colour, result = block[5].lower(), block[7].upper()
        if colour not in "wb- ":
            raise TrfError(f"colour is w, b or -, not {block[5]!r}", line=number, column=column + 5)
        if result not in _RESULT_CODES:
            raise TrfError(f"unknown result code {block[7]!r} (expected 1 = 0 + - W D L H F U Z)",
                           line=number, column=column + 7)
        if block[4] != " " or block[6] != " " or line[start + 8 : start + ROUND_WIDTH].strip():
            raise TrfError("a round block is 'OOOO c r' followed by two spaces", line=number, column=column)
        entries.append(_Entry(number, column, opponent, colour, result))
        start += ROUND_WIDTH
    while entries and entries[-1].is_empty:
        entries.pop()
    return entries


def _int(text: str, line: int, column: int | None, what: str) -> int:
    text = text.strip()
    if not text.isdigit():
        raise TrfError(f"expected a whole number for the {what}, found {text!r}", line=line, column=column)
    return int(text)


def _points(text: str, line: int, column: int | None) -> float:
    try:
        return float(text.strip())
    except ValueError:
        raise TrfError(f"expected points such as 1.0 or 0.5, found {text.strip()!r}", line=line,
                       column=column) from None
