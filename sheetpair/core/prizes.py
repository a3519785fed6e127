"""Prize lists: who gets which prize after the last round, and why each shared amount is what it is.

A prize is a place in the final ranking, overall or within a category (a filter over the roster: rating
band, age, sex, unrated, club, federation). Its amount is money or nothing (a cup, a book: the label says it).
Prizes of one group go at most one to a player, and the higher one wins: every prize is handed out from
the highest amount down (the places of one category in order, whatever their amounts), each to the
best-ranked eligible player who has none of that group yet, so a player who could take a category prize
worth more than a place prize takes the category prize and the place passes on.

Players tied on points share the money of the overall places they cover by the event's rule:

* ``none``: the tie-breaks decide; each place's prize goes whole to the player ranked there;
* ``pool``: the tied players share the sum of those prizes equally;
* ``hort``: half of each of those prizes is pooled and shared equally, the other half goes by the tie-break
  order (prizes 100 and 80 shared by two players give 50 + 45 = 95 and 40 + 45 = 85).

A share below the event's minimum share is not paid out as a share: the prizes of that tie go whole by
the tie-break order instead, as with ``none``, and the reason says so. Category prizes are never shared
(the tie-breaks decide), and a player with a shared overall prize keeps it: shares are settled first.
Amounts are kept as exact fractions and rounded to cents only for display.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from .errors import InputError
from .model import Player

SHARING_RULES = ("none", "pool", "hort")
"""How tied players share the money of the places they cover."""

_CONDITION = re.compile(r"^\s*(rating|age|born|sex|federation|club|title|team)\s*(<=|>=|<|>|=|!=)\s*(.+?)\s*$",
                        re.IGNORECASE)


@dataclass(frozen=True)
class Prize:
    """One prize: the ``place`` within its category, an ``amount`` of money (``None``: not money)."""

    label: str
    place: int
    amount: Fraction | None = None
    category: str = ""
    """A filter over the roster (``rating<2000; sex=F``; ``unrated``; empty: the whole field)."""
    group: str = ""
    """Prizes of one group go at most one to a player; empty: the event's one group."""


@dataclass(frozen=True)
class Award:
    """A prize (or a share of prizes) given to one player, and why the amount is what it is."""

    player: int
    label: str
    amount: Fraction | None
    reason: str = ""


@dataclass(frozen=True)
class PrizeList:
    """Every award, in the order of the ranking of the players who got them."""

    awards: tuple[Award, ...]
    ranking: tuple[int, ...] = field(default=(), repr=False)
    names: dict[int, str] = field(default_factory=dict, repr=False)
    """Every player's name by start number, for the lists printed."""

    def by_player(self) -> list[tuple[int, list[Award]]]:
        """Each awarded player with his awards, in ranking order."""
        order = {tpn: i for i, tpn in enumerate(self.ranking)}
        players: dict[int, list[Award]] = {}
        for award in self.awards:
            players.setdefault(award.player, []).append(award)
        return sorted(players.items(), key=lambda item: order.get(item[0], len(order)))

    def total(self, tpn: int) -> Fraction:
        """The money ``tpn`` gets from every award."""
        return sum((a.amount or Fraction(0) for a in self.awards if a.player == tpn), Fraction(0))


def parse_amount(text: str, *, where: str) -> Fraction | None:
    """An amount typed by the arbiter (``100``, ``62.50``, ``62,50``); ``None`` for a prize that is not money.

    :raises InputError: for a negative amount.
    """
    cleaned = text.strip().replace(",", ".")
    try:
        value = Fraction(cleaned)
    except (ValueError, ZeroDivisionError):
        return None
    if value < 0:
        raise InputError(f"{where}: a prize cannot be negative ({text!r})")
    return value


def parse_place_prize(text: str) -> Prize:
    """A prize given on the command line as ``PLACE=AMOUNT`` (``1=100``, ``3=cup``).

    :raises InputError: when the place is not a whole number from 1.
    """
    place, sep, amount = text.partition("=")
    if not sep or not place.strip().isdigit() or int(place) < 1:
        raise InputError(f"--place {text!r}: write PLACE=AMOUNT, e.g. 1=100")
    money = parse_amount(amount, where=f"--place {text!r}")
    label = f"{int(place)}. place" if money is not None else f"{int(place)}. place: {amount.strip()}"
    return Prize(label, int(place), money)


def check_category(category: str) -> None:
    """Refuses a category filter that names no roster column or no comparison.

    :raises InputError: naming the part that is not understood.
    """
    for part in _parts(category):
        if part.lower() != "unrated" and not _CONDITION.match(part):
            raise InputError(f"category {category!r}: {part!r} is not a filter such as rating<2000, age<=16, sex=F, "
                             "federation=NOR, club=..., unrated")


def is_eligible(player: Player, category: str, *, year: int | None) -> bool:
    """True when ``player`` passes every filter of ``category`` (age and year of birth need ``year``)."""
    return all(_passes(player, part, year) for part in _parts(category))


def award_prizes(ranking: Sequence[tuple[int, float]], players: Sequence[Player], prizes: Sequence[Prize], *,
                 sharing: str = "none", minimum_share: Fraction = Fraction(0),
                 year: int | None = None) -> PrizeList:
    """The prize list for the final ``ranking`` (start number and points, best first).

    :raises InputError: for an unknown sharing rule.
    """
    if sharing not in SHARING_RULES:
        raise InputError(f"unknown prize sharing {sharing!r}: choose one of {', '.join(SHARING_RULES)}")
    by_tpn = {p.tpn: p for p in players}
    order = [tpn for tpn, _ in ranking]
    awards: list[Award] = []
    taken: dict[str, set[int]] = {}
    remaining = list(prizes)
    if sharing != "none":
        shared, remaining = _shared_places(ranking, remaining, sharing, minimum_share)
        for award, group in shared:
            awards.append(award)
            taken.setdefault(group, set()).add(award.player)
    for prize in sorted(remaining, key=lambda p: (-_worth(p, remaining), p.place)):
        holders = taken.setdefault(prize.group, set())
        winner = next((t for t in order if t not in holders and is_eligible(by_tpn[t], prize.category, year=year)),
                      None)
        if winner is not None:
            holders.add(winner)
            awards.append(Award(winner, prize.label, prize.amount, _category_reason(prize)))
    rank = {tpn: i for i, tpn in enumerate(order)}
    awards.sort(key=lambda a: (rank.get(a.player, len(rank)), -(a.amount or Fraction(-1))))
    return PrizeList(tuple(awards), tuple(order), {p.tpn: p.name for p in players})


def format_amount(amount: Fraction | None) -> str:
    """An amount to cents (``95``, ``62.50``); empty for a prize that is not money."""
    if amount is None:
        return ""
    cents = round(amount * 100)
    return str(cents // 100) if cents % 100 == 0 else f"{cents / 100:.2f}"


def _worth(prize: Prize, prizes: Sequence[Prize]) -> Fraction:
    """The order of the hand-out: a prize is worth at least every lower place of its category and group, so
    the places of one category go in order (a cup for the winner before the money of the second)."""
    same = [q for q in prizes if (q.category, q.group) == (prize.category, prize.group) and q.place >= prize.place]
    return max((q.amount or Fraction(0) for q in same), default=Fraction(0))


def _category_reason(prize: Prize) -> str:
    where = f" among {prize.category}" if prize.category else ""
    return f"place {prize.place}{where}"


def _shared_places(ranking: Sequence[tuple[int, float]], prizes: list[Prize], sharing: str,
                   minimum_share: Fraction) -> tuple[list[tuple[Award, str]], list[Prize]]:
    """The overall money prizes shared among tied players, each with its group; the prizes left for the
    one-by-one hand-out."""
    overall = {p.place: p for p in prizes if not p.category and p.amount is not None}
    awards: list[tuple[Award, str]] = []
    start = 0
    while start < len(ranking):
        end = start
        while end + 1 < len(ranking) and ranking[end + 1][1] == ranking[start][1]:
            end += 1
        covered = [overall[place] for place in range(start + 1, end + 2) if place in overall]
        tied = [tpn for tpn, _ in ranking[start:end + 1]]
        if covered:
            shares = _share(tied, covered, sharing, minimum_share, start + 1)
            awards.extend((award, covered[0].group) for award in shares)
        start = end + 1
    used = {id(a) for a in overall.values()}
    return awards, [p for p in prizes if id(p) not in used]


def _share(tied: list[int], covered: list[Prize], sharing: str, minimum_share: Fraction,
           first: int) -> list[Award]:
    """The awards of one tie: ``tied`` players (in tie-break order) on places from ``first``."""
    amounts = [p.amount or Fraction(0) for p in covered]
    places = f"places {first}-{first + len(tied) - 1}" if len(tied) > 1 else f"place {first}"
    label = covered[0].label if len(tied) == 1 else f"{places} shared"
    if len(tied) == 1:
        return [Award(tied[0], covered[0].label, amounts[0], f"place {first}")]
    pool = sum(amounts, Fraction(0)) if sharing == "pool" else sum(amounts, Fraction(0)) / 2
    each = pool / len(tied)
    if each < minimum_share:
        return [Award(tpn, prize.label, prize.amount, f"{places} tied; a share of {format_amount(each)} is below the "
                      f"minimum share {format_amount(minimum_share)}, so the tie-breaks decide")
                for tpn, prize in zip(tied, covered, strict=False)]
    total = " + ".join(format_amount(a) for a in amounts)
    if sharing == "pool":
        return [Award(tpn, label, each, f"{len(tied)} tied on {places}: ({total}) / {len(tied)}") for tpn in tied]
    awards = []
    for i, tpn in enumerate(tied):
        half = amounts[i] / 2 if i < len(amounts) else Fraction(0)
        awards.append(Award(tpn, label, half + each, f"Hort: half of the prize of place {first + i} "
                            f"({format_amount(half)}) + an equal share of the other halves of ({total}) "
                            f"({format_amount(each)})"))
    return awards


def _parts(category: str) -> list[str]:
    return [part.strip() for part in category.split(";") if part.strip()]


def _passes(player: Player, part: str, year: int | None) -> bool:
    if part.lower() == "unrated":
        return player.rating <= 0
    match = _CONDITION.match(part)
    if match is None:
        return False
    column, op, wanted = match[1].lower(), match[2], match[3]
    if column in ("rating", "age", "born"):
        value = _number(player, column, year)
        return value is not None and wanted.lstrip("-").isdigit() and _compare(value, op, int(wanted))
    text = str(getattr(player, column)).strip().casefold()
    same = text == wanted.casefold()
    return same if op == "=" else (not same if op == "!=" else False)


def _number(player: Player, column: str, year: int | None) -> int | None:
    if column == "rating":
        return player.rating
    digits = player.birth_date.strip()[:4]
    born = int(digits) if len(digits) == 4 and digits.isdigit() else None
    if column == "born" or born is None:
        return born
    return None if year is None else year - born


def _compare(value: int, op: str, wanted: int) -> bool:
    return {"<": value < wanted, "<=": value <= wanted, ">": value > wanted, ">=": value >= wanted,
            "=": value == wanted, "!=": value != wanted}[op]


__all__ = ["SHARING_RULES", "Award", "Prize", "PrizeList", "award_prizes", "check_category", "format_amount",
           "is_eligible", "parse_amount", "parse_place_prize"]
