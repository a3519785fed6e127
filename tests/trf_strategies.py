"""Hypothesis strategies: random but valid tournaments, as a TRF can hold them."""

from __future__ import annotations

from hypothesis import strategies as st

from sheetpair.core.model import Bye, ByeKind, Colour, EventInfo, Game, Player, Result, Round, Settings, Tournament

TEXT = (
    st.text(st.characters(blacklist_categories=("C", "Zl", "Zp")), min_size=1, max_size=40).map(str.strip).filter(bool)
)
WORD = st.text(st.characters(min_codepoint=97, max_codepoint=122), min_size=1, max_size=8)
POINTS = st.sampled_from([0.0, 0.5, 1.0, 1.5, 2.0, 3.0])
KEPT = [
    "132" + " " * 88 + "26/03/01  26/03/02",
    "222 5400+30",
    "### a ruler",
    "XXC rank",
    "XXA    1  1.0",
    "NOR    1 m    Alpha, Adam                       1800",
    "013 Example                            1    2",
]


def _header_first(lines: list[str]) -> list[str]:
    """The order the writer gives kept lines (header-like records before the players)."""
    def header(line: str) -> bool:
        code = line[:3]
        return (code.isdigit() and code.endswith("2")) or code == "###" or code[:2] in ("XX", "BB")

    return [line for line in lines if header(line)] + [line for line in lines if not header(line)]


@st.composite
def players(draw, count: int) -> list[Player]:
    tpns = sorted(draw(st.lists(st.integers(1, 9999), min_size=count, max_size=count, unique=True)))
    return [
        Player(
            tpn=tpn,
            name=draw(TEXT),
            rating=draw(st.sampled_from([0, 1000, 1999, 2850, 9999])),
            title=draw(st.sampled_from(["", "GM", "IM", "WFM", "CM"])),
            federation=draw(st.sampled_from(["", "NOR", "GER", "FID"])),
            fide_id=draw(st.sampled_from(["", "1500001", "12345678901"])),
            birth_date=draw(st.sampled_from(["", "1990/01/01", "1978/00/00", "1990"])),
            sex=draw(st.sampled_from(["", "m", "w"])),
            club=draw(st.sampled_from(["", "Oslo SK", "Schachfreunde Berlin 1903 e.V."])),
            team=draw(st.sampled_from(["", "Team A"])),
            withdrawn_from=draw(st.one_of(st.none(), st.integers(1, 12))),
        )
        for tpn in tpns
    ]


@st.composite
def rounds(draw, tpns: list[int], count: int) -> list[Round]:
    made = []
    for number in range(1, count + 1):
        order = draw(st.permutations(tpns))
        game_count = draw(st.integers(0, len(order) // 2))
        pairs = [(order[2 * i], order[2 * i + 1]) for i in range(game_count)]
        rest = order[2 * game_count:]
        kinds = draw(st.lists(st.sampled_from([*ByeKind, None]), min_size=len(rest), max_size=len(rest)))
        if not pairs and ByeKind.PAB not in kinds:
            kinds = [ByeKind.PAB, *kinds[1:]] if rest else kinds
        if not pairs and not rest:
            continue
        boards = draw(st.permutations(range(1, game_count + 1)))
        games = sorted((_game(draw, board, w, b) for board, (w, b) in zip(boards, pairs)), key=lambda g: g.board)
        byes = [Bye(tpn, kind, draw(st.one_of(st.none(), st.integers(game_count + 1, game_count + 3))))
                for tpn, kind in zip(rest, kinds) if kind is not None]
        byes.sort(key=lambda b: (b.board is None, b.board or 0, b.player))
        made.append(Round(len(made) + 1, games, byes))
    return made


def _game(draw, board: int, white: int, black: int) -> Game:
    """A board with any result; a played game is sometimes not rated (TRF ``W D L``)."""
    result = draw(st.sampled_from(list(Result)))
    return Game(board, white, black, result, rated=not result.was_played or draw(st.booleans()))


@st.composite
def tournaments(draw) -> Tournament:
    roster = draw(players(draw(st.integers(1, 9))))
    tpns = [p.tpn for p in roster]
    played = draw(rounds(tpns, draw(st.integers(0, 4))))
    current = len(played)
    requested: dict[int, dict[int, ByeKind]] = {}
    for number in draw(st.lists(st.integers(current + 1, current + 3), max_size=2, unique=True)):
        chosen = draw(st.lists(st.sampled_from(tpns), min_size=1, unique=True))
        requested[number] = {
            t: draw(st.sampled_from([ByeKind.HALF, ByeKind.ZERO, ByeKind.FULL])) for t in sorted(chosen)
        }
    last = max([current, *requested, 1])
    win = draw(st.sampled_from([1.0, 2.0, 3.0]))
    settings = Settings(
        system=draw(st.sampled_from(["dutch", "berger", "burstein", "lim", "monrad"])),
        rounds=draw(st.integers(last, last + 3)),
        points_win=win,
        points_draw=draw(st.sampled_from([0.5, 1.0])),
        points_loss=draw(st.sampled_from([0.0, 0.0, 0.5])),
        bye_value=draw(st.sampled_from([win, 0.5, 0.0])),
        tiebreaks=draw(st.sampled_from([(), ("BH-C1", "BH", "SB"), ("WNT",), ("DE", "WIN", "KS")])),
        initial_colour=draw(st.sampled_from(list(Colour))),
        seed=draw(st.one_of(st.none(), st.integers(-2**31, 2**31))),
        double_round_robin=draw(st.booleans()),
        options=draw(st.dictionaries(WORD, TEXT, max_size=2)),
        event=EventInfo(**{
            name: draw(st.one_of(st.just(""), TEXT))
            for name in ("name", "city", "federation", "start_date", "end_date", "chief_arbiter",
                         "time_control", "event_type")
        }, deputy_arbiters="\n".join(draw(st.lists(TEXT, max_size=2)))),
    )
    pairs = draw(st.lists(st.sampled_from(tpns), min_size=2, max_size=2, unique=True)) if len(tpns) > 1 else []
    return Tournament(
        settings=settings,
        players=roster,
        rounds=played,
        requested_byes=requested,
        forbidden_pairs={frozenset(pairs)} if pairs and draw(st.booleans()) else set(),
        preserved_records=_header_first(draw(st.lists(st.sampled_from(KEPT), max_size=3, unique=True))),
    )
