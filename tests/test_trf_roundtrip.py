"""Import and export of real files: the bbpPairings corpus, other programs' exports, FIDE's example layout."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from sheetpair.app.interchange import export_trf, trf_text
from sheetpair.core.errors import TrfError
from sheetpair.core.model import ByeKind, Colour, Result
from sheetpair.io.trf import decode_trf, detect_format, load_trf, read_trf
from sheetpair.io.trf_records import TrfFormat

from .conftest import CONFORMANCE, REPO
from .test_trf_read import player_line

BBP_CASES = sorted((CONFORMANCE / "bbp").glob("*/*.trf"))
REAL = CONFORMANCE / "trf-real"
TEAM_FILES = [REAL / "trf26_grandmommyscup.trf", REAL / "trf26_team_small.trf"]
REAL_INDIVIDUAL = sorted(p for p in REAL.glob("*.trf") if p not in TEAM_FILES)


def _player_fields(text: str) -> dict[int, tuple[str, ...]]:
    """Each 001 line's fields as written (columns 5-79 split at FIDE's positions), and its round blocks
    without trailing empty ones: what a reader of the file sees, independent of sheetpair's model. A rating
    of 0 is "unrated" like a blank one."""
    fields = {}
    for line in re.split(r"\r\n|\r|\n", text):
        if line.startswith("001"):
            blocks = [line[s:s + 8] for s in range(91, len(line.rstrip()), 10)]
            fields[int(line[4:8])] = (
                line[9:10].strip(), line[10:13].strip(), line[14:47].strip(), line[48:52].strip().lstrip("0"),
                line[53:56].strip(), line[57:68].strip(), line[69:79].strip(), line[80:84].strip(),
                *blocks,
            )
    return fields


def _header_values(text: str) -> dict[str, list[str]]:
    """Header texts by record; the number of rounds once, whether from XXR or 142."""
    values: dict[str, list[str]] = {}
    for line in re.split(r"\r\n|\r|\n", text):
        code = "XXR" if line[:3] == "142" else line[:3]
        if code in ("012", "022", "032", "042", "052", "092", "102", "112", "122", "XXR") and line[4:].strip():
            if line[4:].strip() not in values.get(code, []):
                values.setdefault(code, []).append(line[4:].strip())
    return values


@pytest.mark.parametrize("path", BBP_CASES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_bbp_corpus_round_trips(path: Path) -> None:
    """Same players, rounds, results and header values; written by sheetpair, it comes back byte for byte."""
    original = path.read_text(encoding="utf-8")
    tournament = read_trf(original)
    trf_format = list(TrfFormat)[BBP_CASES.index(path) % 2]  # both formats, half the time each
    written = trf_text(tournament, trf_format)
    assert read_trf(written) == tournament
    assert trf_text(read_trf(written), trf_format) == written
    assert _player_fields(written) == _player_fields(original)
    assert _header_values(written) == _header_values(original)


@pytest.mark.parametrize("path", REAL_INDIVIDUAL, ids=lambda p: p.stem)
def test_real_files_import_without_loss_and_export_back(path: Path) -> None:
    original = decode_trf(path.read_bytes())
    tournament = read_trf(original)
    assert len(tournament.players) == len(_player_fields(original))
    for trf_format in TrfFormat:
        written = trf_text(tournament, trf_format)
        assert read_trf(written) == tournament
        assert trf_text(read_trf(written), trf_format) == written
    written = trf_text(tournament, detect_format(original))
    before, after = _player_fields(original), _player_fields(written)
    played = tournament.current_round
    for tpn, fields in before.items():
        # Ranks are recomputed; everything else in columns 1-84 is kept as it was
        assert after[tpn][:8] == fields[:8], tpn
        assert _meanings(after[tpn][8:], played) == _meanings(fields[8:], played), tpn
    header = _header_values(original)
    assert {k: v for k, v in _header_values(written).items() if k in header or k != "XXR"} == header


_BYE_MEANING = {"U": "U", "+": "U", "H": "H", "=": "H", "D": "H", "F": "F", "1": "F", "W": "F",
                "Z": "Z", "0": "Z", "L": "Z", "-": "", " ": ""}


def _meanings(blocks: tuple[str, ...], rounds: int) -> list[str]:
    """What each played round's block says, whatever the spelling: ``0000 - +`` and ``0000 - U`` are the
    same bye, ``0000 - -`` and a blank block the same absence, ``W D L`` are ``1 = 0``; a forfeit's colour
    is dropped (karl_mala_2005 writes none; colour is irrelevant for forfeits, GHR 3.4)."""
    meanings = []
    for block in (list(blocks) + [""] * rounds)[:rounds]:
        block = block.ljust(8)
        if block[:4].strip() in ("", "0000"):
            meanings.append(_BYE_MEANING[block[7]])
        elif block[7] in "+-":
            meanings.append(f"{int(block[:4])} {block[7]}")
        else:
            meanings.append(f"{int(block[:4])} {block[5]} {dict(W='1', D='=', L='0').get(block[7], block[7])}")
    return meanings


@pytest.mark.parametrize("path", TEAM_FILES, ids=lambda p: p.stem)
def test_team_files_are_refused_clearly(path: Path) -> None:
    with pytest.raises(TrfError, match="team event"):
        load_trf(path)


def test_real_file_quirks_are_read_as_meant() -> None:
    gros = load_trf(REAL / "javafo_example_gros2010.trf")
    assert gros.current_round == 4 and gros.settings.rounds == 9
    assert gros.requested_byes == {5: {22: ByeKind.ZERO, 28: ByeKind.ZERO, 43: ByeKind.ZERO}}  # XXZ
    assert any(line.startswith("013") for line in gros.preserved_records)
    karl = load_trf(REAL / "karl_mala_2005.trf")
    assert karl.settings.event.deputy_arbiters == "NSR Thomas Rondio, NSR Wolfgang Hettler"
    forfeits = [g for r in karl.rounds for g in r.games if g.result is Result.WHITE_WINS_BY_FORFEIT]
    assert len(forfeits) == 10  # "P - +" against "P - -": no colour, so the winner is written as White
    unordered = load_trf(REAL / "lichess_2020_j8rtJ5GL.trf")  # lines out of order, no ranks
    assert [p.tpn for p in unordered.players] == list(range(1, 113))
    assert "XXC rank" in unordered.preserved_records


def test_export_is_atomic_and_utf8_with_crlf(tmp_path: Path) -> None:
    tournament = load_trf(REAL / "cr_international_chessopen_graz_2026_a_r09.trf")
    target = tmp_path / "out.trf"
    export_trf(tournament, target, TrfFormat.TRF16)
    raw = target.read_bytes()
    assert raw.count(b"\r\n") == raw.count(b"\n") and "é".encode() in raw
    assert list(tmp_path.iterdir()) == [target]
    tournament.players[0].federation = "NORW"  # does not fit columns 54-56
    with pytest.raises(TrfError, match="federation"):
        export_trf(tournament, target, TrfFormat.TRF16)
    assert target.read_bytes() == raw and list(tmp_path.iterdir()) == [target]


def _spec_example() -> str:
    """A worked TRF26 example made up for sheetpair (every record of a small event)."""
    return (REPO / "tests" / "data" / "trf26_worked_example.trf").read_text(encoding="utf-8")


def test_trf26_worked_example() -> None:
    example = _spec_example()
    assert detect_format(example) is TrfFormat.TRF26
    t = read_trf(example)
    s = t.settings
    assert (s.rounds, s.initial_colour, s.tiebreaks, s.system) == (5, Colour.WHITE, ("BH-C1", "BH", "SB"), "dutch")
    assert s.event.city == "Reykjavik" and s.event.time_control.startswith("90 min")
    assert [(g.white, g.black, g.result) for g in t.round(1).games] == [(1, 3, Result.WHITE_WINS), (4, 2, Result.DRAW)]
    assert [(b.player, b.kind) for b in t.round(1).byes] == [(5, ByeKind.PAB)]
    assert [(g.white, g.black, g.result) for g in t.round(2).games] == [
        (2, 1, Result.BLACK_WINS), (5, 4, Result.WHITE_WINS_BY_FORFEIT)]
    assert [(b.player, b.kind) for b in t.round(2).byes] == [(3, ByeKind.HALF)]
    assert t.requested_byes == {3: {4: ByeKind.ZERO}}  # the 240 record announces the absence (ITDX)
    assert "222 5400+30" in t.preserved_records and "192 FIDE_DUTCH_2026" in t.preserved_records
    written = trf_text(t)
    lines = written.split("\r\n")
    original = {line[:89]: line for line in example.splitlines() if line.startswith("001")}
    for line in (line for line in lines if line.startswith("001")):
        # Every column as FIDE places it; ranks follow sheetpair's tie-breaks, so only 1-84 and the rounds.
        match = next(o for o in original.values() if o[:84] == line[:84])
        assert line[89:].rstrip().startswith(match[89:].rstrip())


HAND_MADE_26 = "\n".join([
    "012 Hand Made 26",
    "142 3",
    "152 B",
    "162  W 3.0    D 1.0    L 0.0    P 1.0",
    "192 FIDE_DUTCH_2026",
    "202 BH/C1,SB",
    "### ruler",
    player_line(1, "One", ["   2 b 1", "   3 w ="], points=4.0),
    player_line(2, "Two", ["   1 w 0", "0000 - U"], points=1.0),
    player_line(3, "Three", ["0000 - H", "   1 b ="], points=2.0),
    player_line(4, "Four", ["0000 - Z", "0000 - F"], points=3.0),
    "240 H 003    1    2",
    "260 001 003    1    4",
    "NOR    1 m    Ein                               1800",
]) + "\n"


def test_hand_made_trf26_records() -> None:
    t = read_trf(HAND_MADE_26)
    s = t.settings
    assert (s.points_win, s.points_draw, s.points_loss, s.bye_value) == (3.0, 1.0, 0.0, 1.0)
    assert s.initial_colour is Colour.BLACK and s.tiebreaks == ("BH-C1", "SB")
    assert [(b.player, b.kind) for b in t.round(1).byes] == [(3, ByeKind.HALF), (4, ByeKind.ZERO)]
    assert [(b.player, b.kind) for b in t.round(2).byes] == [(2, ByeKind.PAB), (4, ByeKind.FULL)]
    assert t.requested_byes == {3: {1: ByeKind.HALF, 2: ByeKind.HALF}}
    assert t.forbidden_pairs == {frozenset((1, 4))}
    assert t.preserved_records == [
        "192 FIDE_DUTCH_2026", "### ruler", "NOR    1 m    Ein                               1800",
    ]
    assert read_trf(trf_text(t)) == t


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("152 X", "152 holds W or B"),
        ("162  Q 1.0", "symbols W D L A P"),
        ("240 Q 003    1", "bye type F, H or Z"),
        ("XXS WW=one", "points such as"),
        ("XXR nine", "number of rounds"),
        ("310   1 Team", "team event"),
        ("192 FIDE_TEAM_BAKU", "team event"),
        ("XXR 4", "4 rounds here but 3 on line 2"),
        ("SPS tiebreaks XYZ", "unknown tie-break"),
        ("SPS seed many", "seed is a whole number"),
    ],
)
def test_bad_records_are_named(line: str, message: str) -> None:
    with pytest.raises(TrfError, match=message) as error:
        read_trf(HAND_MADE_26 + line + "\n")
    assert error.value.line == 15


def test_points_that_disagree_with_the_results_are_refused() -> None:
    with pytest.raises(TrfError, match="player 1 has 2 points, but the results give 4") as error:
        read_trf(HAND_MADE_26.replace("  4.0    1", "  2.0    1"))
    assert (error.value.line, error.value.column) == (8, 81)


def test_cr_only_bom_and_windows_1252_are_read() -> None:
    text = HAND_MADE_26.replace("\n", "\r")
    assert read_trf(text) == read_trf(HAND_MADE_26)
    assert read_trf(decode_trf(b"\xef\xbb\xbf" + HAND_MADE_26.encode())) == read_trf(HAND_MADE_26)
    older = HAND_MADE_26.replace("Three", "Thrée")
    assert read_trf(decode_trf(older.encode("cp1252"))) == read_trf(older)  # older Windows programs
    central = HAND_MADE_26.replace("Three", "Żółty")
    assert read_trf(decode_trf(central.encode("cp1250"))) == read_trf(central)  # decoded as the data says
    with pytest.raises(TrfError, match="neither UTF-8 nor in a code page that makes names of it") as error:
        decode_trf(HAND_MADE_26.encode() + "001 山田".encode("shift_jis") + b"\n")
    assert error.value.line == 15


@pytest.mark.parametrize("name", ["karl_mala_2005.trf", "lichess_2020_j8rtJ5GL.trf", "javafo_example_gros2010.trf"])
def test_an_independent_reader_sees_the_same_pairings_in_the_export(tmp_path: Path, name: str) -> None:
    """The corpus tool (its own TRF(x) reader, JaVaFo's and bbpPairings' conventions) reads sheetpair's export
    round by round as sheetpair's model has it."""
    from .test_trf_read import _checker

    tool = _checker()
    tournament = load_trf(REAL / name)
    for trf_format in TrfFormat:
        target = tmp_path / f"{trf_format.value}.trf"
        export_trf(tournament, target, trf_format)
        exported = tool.read_trf(str(target))
        assert exported.rounds_total == tournament.settings.rounds
        assert exported.initial_colour == ("white1" if tournament.settings.initial_colour is Colour.WHITE else "black1")
        for rnd in tournament.rounds:
            pairs, absent = tool.round_pairing(exported, rnd.number)
            games = sorted([(g.white, g.black) for g in rnd.games]
                           + [(b.player, 0) for b in rnd.byes if b.kind is ByeKind.PAB])
            assert pairs == games
            assert absent == sorted(b.player for b in rnd.byes if b.kind is not ByeKind.PAB)
