"""A round before the last: the ordered search with 7A/7B absolute, and the fallbacks where the rules leave
no pairing (the page's lenient search past its limit; the least-violation search; the fewest rematches)."""

from __future__ import annotations

from ...core.errors import PairingError
from .history import W
from .rules import RoundPlan, RoundRules, colour_phrase, count_violations, lowest_score_bye_candidates
from .search import Counter, OrderedSearch, SearchLimitReached, ordered_search


def pair_round(rnd: RoundRules, order: list[int]) -> RoundPlan:
    """A round before the last: 7A/7B absolute; the relaxed search only where they leave no pairing."""
    try:
        if len(order) % 2 == 0:
            pairs = ordered_search(rnd, order)
            if pairs is not None:
                return RoundPlan(pairs)
        else:
            candidates, note = lowest_score_bye_candidates(order, rnd.history)
            for bye in candidates:
                if rnd.history[bye].hard_violations(W):
                    continue
                pairs = ordered_search(rnd, [t for t in order if t != bye])
                if pairs is not None:
                    return RoundPlan(pairs, bye, [note] if note else [])
    except SearchLimitReached:
        plan = lenient_round(rnd, order)
        plan.notes.append(
            "the search with rules 7A/7B absolute grew too large (the page stops here), so the ordered search "
            f"allowing them paired the round, with {colour_phrase(count_violations(rnd, plan))}; arbiter review "
            "is recommended"
        )
        return plan
    return relaxed_round(rnd, order)


def lenient_round(rnd: RoundRules, order: list[int]) -> RoundPlan:
    """The page's fallback past its search limit: the ordered search with 7A/7B allowed, byes in rule 12 order.

    :raises PairingError: when even that search finds nothing within its limit.
    """
    byes: list[int | None] = [None] if len(order) % 2 == 0 else [*lowest_score_bye_candidates(order, rnd.history)[0]]
    try:
        for bye in byes:
            pairs = ordered_search(rnd, [t for t in order if t != bye], colour_budget=None)
            if pairs is not None:
                return RoundPlan(pairs, bye)
    except SearchLimitReached:
        raise PairingError(f"round {rnd.number}: the pairing search became too complex; enter the round manually") \
            from None
    return relaxed_round(rnd, order)


RELAXED_SEARCH_LIMIT = 50_000
"""Search nodes the least-violation search may spend in all before it settles for a complete pairing."""


def relaxed_round(rnd: RoundRules, order: list[int]) -> RoundPlan:
    """The least-violation pairing where the rules leave none (the page refuses to pair here).

    First the fewest 7A/7B violations with no rematch, keeping the page's candidate order within each budget.
    When no rematch-free pairing exists at all, the field is exhausted: the fewest rematches if the arbiter
    allowed them (option ``rematches``), otherwise an error. Should the search grow too large, the page's own
    non-strict ordered search decides, and the note says that fewer violations may exist.

    :raises PairingError: when no pairing without rematches exists and rematches are not allowed.
    """
    byes: list[int | None] = [None] if len(order) % 2 == 0 else [*lowest_score_bye_candidates(order, rnd.history)[0]]
    counter = Counter(RELAXED_SEARCH_LIMIT)
    searches = {bye: OrderedSearch(rnd, [t for t in order if t != bye], counter) for bye in byes}
    bye_note: list[str] = []

    def own(bye: int | None) -> int:
        return rnd.history[bye].hard_violations(W) if bye is not None else 0

    def attempt(colours: int | None, rematches: int = 0) -> RoundPlan | None:
        for bye, search in searches.items():
            if colours is not None and own(bye) > colours:
                continue
            pairs = search.run(None if colours is None else colours - own(bye), rematches)
            if pairs is not None:
                return RoundPlan(pairs, bye)
        return None

    any_rematch_free: RoundPlan | None = None
    try:
        any_rematch_free = attempt(None)
        if any_rematch_free is None and byes != [None]:
            # rule 12 names too few bye candidates: the others, lowest score and highest number first
            others = sorted((t for t in order if t not in searches), key=lambda t: (rnd.history[t].points, -t))
            searches = {bye: OrderedSearch(rnd, [t for t in order if t != bye], counter) for bye in others}
            any_rematch_free = attempt(None)
            bye_note = ["bye rule 12 relaxed: no eligible bye candidate leaves a rematch-free pairing"]
        if any_rematch_free is not None:
            for budget in range(1, 2 * len(order) + 2):
                found = attempt(budget)
                if found is not None:
                    found.notes += bye_note
                    found.notes.append(
                        f"rules 7A/7B relaxed: no rematch-free pairing keeps the absolute colour rules, so this one "
                        f"breaks them {count_violations(rnd, found)} time(s), the fewest possible (the page refuses "
                        "to pair here); arbiter review is recommended"
                    )
                    return found
        elif rnd.rematches_when_exhausted:
            searches = {bye: OrderedSearch(rnd, [t for t in order if t != bye], counter) for bye in byes}
            for rematches in range(1, len(order)):
                found = attempt(None, rematches)
                if found is not None:
                    found.notes.append(
                        f"no-rematch rule relaxed: every pairing repeats a game, so this one has the fewest repeats "
                        f"({rematches}) and {colour_phrase(count_violations(rnd, found))}; arbiter review is "
                        "recommended"
                    )
                    return found
    except SearchLimitReached:
        if any_rematch_free is not None:
            any_rematch_free.notes += bye_note
            any_rematch_free.notes.append(
                f"rules 7A/7B relaxed: the search for the fewest violations grew too large, so the rules' order "
                f"decided; this pairing has {colour_phrase(count_violations(rnd, any_rematch_free))} and fewer "
                "may be possible: arbiter review is required"
            )
            return any_rematch_free
        raise PairingError(f"round {rnd.number}: the pairing search became too complex; enter the round manually") \
            from None
    raise PairingError(
        f"round {rnd.number}: every pairing repeats a game (the field is exhausted: no-repeat rule); set the option "
        "rematches=when-exhausted to pair the fewest rematches, or enter the round manually"
    )
