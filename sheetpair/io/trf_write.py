"""Writing a tournament as a FIDE Tournament Report File (TRF16 or TRF26) that engines and FIDE accept.

Every column is at its FIDE position; Points (81-84) and Rank (86-89) are filled from the standings table the
caller hands in (the writer never ranks or derives by itself). Lines end in CR LF (TRF Remark 1 asks for CR;
every reader we know splits on CR and on LF), and the text is UTF-8, columns counted in characters as
bbpPairings counts them.

The file carries the whole tournament: what TRF16 cannot say is written in the records TRF26 and the
engines added (``XXR``, ``XXC``, ``XXS``, ``BB?``, ``XXP``, ``240``) and, for what no format has (a system's
own options, boards, clubs, withdrawals), in sheetpair's ``SP?`` records, so :func:`read_trf` gives back the
same tournament.
"""

from __future__ import annotations

from pathlib import Path

from ..core.errors import TrfError
from ..core.model import ByeKind, Colour, Player, Round, Tournament
from ..core.standings import StandingsTable
from ..core.state import TournamentState
from .savefile import save_atomically
from .trf_records import (
    GAME_CODES,
    HEADER_FIELDS,
    NAME_WIDTH,
    SP_BOARDS,
    SP_BYE_BOARD,
    SP_PLAYER,
    SP_RANKS,
    SP_SETTING,
    UNRATED_GAME_CODES,
    TrfFormat,
    bb_lines,
    board_key,
    count_line,
    ett_code,
    has_default_scoring,
    kept_ranks,
    line_162,
    line_202,
    line_212,
    scores_before,
    system_for_ett,
    xxs_line,
)

LINE_END = "\r\n"

_BYE_CODE = {ByeKind.PAB: "U", ByeKind.HALF: "H", ByeKind.ZERO: "Z", ByeKind.FULL: "F"}
_COLOUR_CODE = {Colour.WHITE: "w", Colour.BLACK: "b"}
_ABSENT_BLOCK = " " * 8


def save_trf(tournament: Tournament, table: StandingsTable, path: str | Path,
             trf_format: TrfFormat = TrfFormat.TRF26) -> None:
    """Writes the TRF to ``path`` atomically, as workbooks are saved (:func:`~sheetpair.io.savefile.save_atomically`:
    permissions and links kept, a failure leaves no half-written file and says why in one sentence)."""
    data = write_trf(tournament, table, trf_format).encode("utf-8")
    save_atomically(Path(path), lambda stream: stream.write(data))


def write_trf(tournament: Tournament, table: StandingsTable, trf_format: TrfFormat = TrfFormat.TRF26) -> str:
    """The TRF text of ``tournament``; points, ranks and board-order scores come from its standings ``table``.

    :raises TrfError: when a player field does not fit its columns (a federation of four letters...).
    """
    kept = _preserved(tournament)
    state = table.paired
    lines = [
        *_header(tournament, trf_format),
        *[line for line in kept if _belongs_to_header(line)],
        *_player_lines(tournament, table),
        *_forbidden_pairs(tournament, trf_format),
        *_later_byes(tournament, trf_format),
        *_sheetpair_records(tournament, state, trf_format),
        *[line for line in kept if not _belongs_to_header(line)],
    ]
    return "".join(line.rstrip() + LINE_END for line in lines)


def _one_line(text: str) -> str:
    """A cell typed with line breaks must not break the file's lines."""
    return text.replace("\r\n", " ").replace("\r", " ").replace("\n", " ")


def _header(tournament: Tournament, trf_format: TrfFormat) -> list[str]:
    settings = tournament.settings
    event = settings.event
    kept = {line[:3] for line in _preserved(tournament)}
    lines: list[str] = []
    for code, name in HEADER_FIELDS.items():
        value: str = getattr(event, name)
        if code == "092":  # the counts come between the dates and the type, as in FIDE's record table
            lines += [count_line(tournament, count) for count in ("062", "072") if count not in kept]
        if value:
            parts = value.split("\n") if code == "112" else [value]  # one 112 record per deputy
            lines += [f"{code} {_one_line(part)}" for part in parts]
    if trf_format is TrfFormat.TRF26:
        lines += [f"142 {settings.rounds}", f"152 {settings.initial_colour.value}"]
        if not has_default_scoring(settings):
            lines.append(line_162(settings))
        if "192" not in kept:
            lines.append(f"192 {ett_code(settings)}")
        if settings.tiebreaks:
            lines += [line_202(settings.tiebreaks), line_212(settings.tiebreaks)]
    colour = "white1" if settings.initial_colour is Colour.WHITE else "black1"
    lines += [f"XXR {settings.rounds}", f"XXC {colour}"]
    if not has_default_scoring(settings):
        lines += [xxs_line(settings), *bb_lines(settings)]
    return lines


def _player_lines(tournament: Tournament, table: StandingsTable) -> list[str]:
    next_round = tournament.current_round + 1
    requested = tournament.requested_byes.get(next_round, {})
    ranks = kept_ranks(tournament) or {s.tpn: s.rank for s in table}
    blocks = _round_blocks(tournament)
    lines = []
    for player in tournament.players:
        points = table.paired.score(player.tpn)
        if player.tpn in requested:  # JaVaFo's convention; bbpPairings accepts it too
            points += tournament.settings.points_for_bye(requested[player.tpn])
        head = player_head(player, points, ranks[player.tpn])
        rounds = [blocks[r.number].get(player.tpn, _ABSENT_BLOCK) for r in tournament.rounds]
        if player.tpn in requested:
            rounds.append(f"0000 - {_BYE_CODE[requested[player.tpn]]}")
        lines.append(head + "".join(f"  {block}" for block in rounds))
    return lines


def player_head(player: Player, points: float, rank: int) -> str:
    """Columns 1-89 of a ``001`` line."""
    fields = {
        "sex (column 10)": (player.sex, 1), "title (columns 11-13)": (player.title, 3),
        "federation (columns 54-56)": (player.federation, 3), "FIDE id (columns 58-68)": (player.fide_id, 11),
        "birth date (columns 70-79)": (player.birth_date, 10), "rating (columns 49-52)": (str(player.rating), 4),
    }
    for what, (value, width) in fields.items():
        if len(value) > width or _one_line(value) != value:
            raise TrfError(f"player {player.tpn}: the {what} {value!r} does not fit in {width} columns")
    if not 1 <= player.tpn <= 9999:
        raise TrfError(f"start number {player.tpn} does not fit in columns 5-8")
    rating = str(player.rating) if player.rating else ""
    name = _one_line(player.name)[:NAME_WIDTH]
    return (
        f"001 {player.tpn:4d} {player.sex:1}{player.title:>3} {name:<{NAME_WIDTH}} "
        f"{rating:>4} {player.federation:<3} {player.fide_id:>11} {player.birth_date:<10} {_points(points)} {rank:4d}"
    )


def _points(points: float) -> str:
    """Columns 81-84 in the ``11.5`` format.

    :raises TrfError: for 100 points or more, which four columns cannot hold.
    """
    if not -9.95 < points < 99.95:
        raise TrfError(f"a score of {points:g} does not fit in columns 81-84 (at most 99.9)")
    return f"{points:4.1f}"


def _round_blocks(tournament: Tournament) -> dict[int, dict[int, str]]:
    """Each round's 8-character block per player: ``OOOO c r``."""
    blocks: dict[int, dict[int, str]] = {}
    for rnd in tournament.rounds:
        row: dict[int, str] = {}
        for game in rnd.games:
            white_code, black_code = GAME_CODES[game.result]
            if game.is_unrated:
                white_code, black_code = UNRATED_GAME_CODES[white_code], UNRATED_GAME_CODES[black_code]
            row[game.white] = f"{game.black:4d} w {white_code}"
            row[game.black] = f"{game.white:4d} b {black_code}"
        for bye in rnd.byes:
            row[bye.player] = f"0000 - {_BYE_CODE[bye.kind]}"
        blocks[rnd.number] = row
    return blocks


def _forbidden_pairs(tournament: Tournament, trf_format: TrfFormat) -> list[str]:
    """``XXP`` for JaVaFo and bbpPairings, and TRF26's ``260`` over the whole event."""
    pairs = sorted(tuple(sorted(pair)) for pair in tournament.forbidden_pairs)
    lines = [f"XXP {a} {b}" for a, b in pairs]
    if trf_format is TrfFormat.TRF26:
        lines += [f"260 {1:03d} {tournament.settings.rounds:03d} {a:4d} {b:4d}" for a, b in pairs]
    return lines


def _later_byes(tournament: Tournament, trf_format: TrfFormat) -> list[str]:
    """``240`` records: in TRF26 for every round not paired (ITDX), in TRF16 for the rounds after the next,
    which its columns cannot hold."""
    first = tournament.current_round + (1 if trf_format is TrfFormat.TRF26 else 2)
    lines = []
    for round_number, byes in sorted(tournament.requested_byes.items()):
        if round_number < first:
            continue
        for kind in (ByeKind.FULL, ByeKind.HALF, ByeKind.ZERO):
            players = sorted(tpn for tpn, k in byes.items() if k is kind)
            if players:
                lines.append(f"240 {_BYE_CODE[kind]} {round_number:03d}" + "".join(f" {p:4d}" for p in players))
    return lines


def _sheetpair_records(tournament: Tournament, state: TournamentState, trf_format: TrfFormat) -> list[str]:
    settings = tournament.settings
    written_192 = None
    if trf_format is TrfFormat.TRF26:
        kept_192 = [line[4:] for line in _preserved(tournament) if line.startswith("192")]
        written_192 = system_for_ett(kept_192[0] if kept_192 else ett_code(settings))
    lines = []
    if written_192 is None or written_192[0] != settings.system:
        lines.append(f"{SP_SETTING} system {settings.system}")
    if settings.double_round_robin and written_192 != (settings.system, True):
        lines.append(f"{SP_SETTING} double_round_robin yes")
    if settings.seed is not None:
        lines.append(f"{SP_SETTING} seed {settings.seed}")
    if settings.tiebreaks and trf_format is TrfFormat.TRF16:
        lines.append(f"{SP_SETTING} tiebreaks {','.join(settings.tiebreaks)}")
    lines += [f"{SP_SETTING} option.{key} {_one_line(value)}" for key, value in sorted(settings.options.items())]
    for player in tournament.players:
        if len(player.name) > NAME_WIDTH:
            lines.append(f"{SP_PLAYER} {player.tpn:4d} name {_one_line(player.name)}")
        for key in ("club", "team"):
            if getattr(player, key):
                lines.append(f"{SP_PLAYER} {player.tpn:4d} {key} {_one_line(getattr(player, key))}")
        if player.withdrawn_from is not None:
            lines.append(f"{SP_PLAYER} {player.tpn:4d} withdrawn {player.withdrawn_from}")
        if player.provisional_rating:
            lines.append(f"{SP_PLAYER} {player.tpn:4d} provisional {player.provisional_rating}")
    for rnd in tournament.rounds:
        lines += _board_records(rnd, scores_before(state, rnd.number))
    return lines


def _board_records(rnd: Round, scores: dict[int, float]) -> list[str]:
    """``SPB`` when the boards are not the ones the reader would number, ``SPY`` for byes on a board."""
    lines = []
    order = sorted(rnd.games, key=lambda g: board_key(scores, g.white, g.black))
    if [g.board for g in order] != list(range(1, len(order) + 1)) or [g.board for g in rnd.games] != sorted(
        g.board for g in rnd.games
    ):
        lines.append(f"{SP_BOARDS} {rnd.number:03d} " + " ".join(f"{g.white}:{g.board}" for g in rnd.games))
    on_board = [b for b in rnd.byes if b.board is not None]
    if on_board:
        lines.append(f"{SP_BYE_BOARD} {rnd.number:03d} " + " ".join(f"{b.player}:{b.board}" for b in on_board))
    return lines


def _belongs_to_header(line: str) -> bool:
    """Kept header records (``xx2``), engine settings (``XX?``, ``BB?``) and ``###`` rulers go before the
    player lines, where other programs put them; everything else (NRS lines, ``013``...) after them."""
    code = line[:3]
    return (code.isdigit() and code.endswith("2")) or code == "###" or code[:2] in ("XX", "BB")


def _preserved(tournament: Tournament) -> list[str]:
    """Kept lines, without those the tournament has since outgrown (a ``192`` of another system, tie-break
    records replaced by sheetpair's own list) and the declared ranks, which the ``001`` lines carry."""
    settings = tournament.settings
    kept = []
    for line in tournament.preserved_records:
        code = line[:3]
        if code == "192" and (system_for_ett(line[4:]) or ("",))[0] != settings.system:
            continue
        if (code in ("202", "212") and settings.tiebreaks) or code == SP_RANKS:
            continue
        kept.append(line)
    return kept
