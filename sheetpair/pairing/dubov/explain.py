"""Why a Dubov round is paired the way it is, in the system's own terms (C.04.1 Art. 9: every pairing can be
explained): the bye of Art. 3.1, each bracket's residents and upfloaters, G1 (White seekers, by ARO) and G2
(Black seekers, by pairing number), the shifts of 3.2.4, and for every board the opponent and the colour."""

from __future__ import annotations

from ...core.model import Tournament
from ..explanation import BoardExplanation, RoundExplanation
from .colours import published_boards
from .entrants import Contender, DubovField, build_field
from .procedure import BracketTrace, ByeChoice, DubovOutcome, pair_round


def _who(player: Contender) -> str:
    return f"{player.tpn}"


def _names(players: list[Contender]) -> str:
    return ", ".join(_who(p) for p in players) or "none"


def bye_line(field_: DubovField, choice: ByeChoice) -> str:
    """Art. 3.1 in one sentence: who has the bye, and why the better-placed candidates did not."""
    player = choice.player
    line = (f"Pairing-allocated bye: {player.tpn} (Art. 3.1: score {field_.score_text(player.score)}, "
            f"{player.games} games played, pairing number {player.number}")
    if choice.passed_over:
        line += f"; {_names(choice.passed_over)} would leave the others unpairable, 3.1.2"
    return line + ")"


def _upfloater_text(field_: DubovField, player: Contender) -> str:
    extra = []
    if not field_.is_last_round and field_.is_maximum_upfloater(player):
        extra.append(f"maximum upfloater, {player.upfloats} upfloats, MaxT {field_.max_t}")
    if not field_.is_last_round and player.upfloated_last_round:
        extra.append("upfloated last round")
    return f"{player.tpn} ({field_.score_text(player.score)}{'; ' + '; '.join(extra) if extra else ''})"


def bracket_lines(field_: DubovField, trace: BracketTrace) -> list[str]:
    """The round-wide lines of one bracket."""
    lines = [f"Bracket {field_.score_text(trace.score)}: residents {_names(trace.residents)}"]
    if trace.upfloaters:
        ups = ", ".join(_upfloater_text(field_, p) for p in trace.upfloaters)
        lines.append(f"  upfloaters {ups}: the fewest that allow a legal pairing (3.2.1, [C5]), the first best set "
                     "by score, then pairing number (3.2.2, Art. 4.2; [C6]-[C10])")
    if trace.by_colour:
        lines.append(f"  G1 (White seekers) {_names(trace.g1)}; G2 {_names(trace.g2)} (3.2.3)")
    else:
        lines.append(f"  nobody has played: G1 is the first half by pairing number {_names(trace.g1)}; "
                     f"G2 {_names(trace.g2)} (3.2.3)")
    for player, label in trace.shifts:
        lines.append(f"  {player.tpn} shifted {label} (3.2.4; the first possible in the middle-out order of Art. 4.3)")
    s1 = ", ".join(f"{p.tpn} (ARO {p.aro})" for p in trace.s1)
    lines.append(f"  S1 by ascending ARO: {s1}; T2 {_names(trace.t2)} (3.2.5, 3.2.6)")
    return lines


def _reason_skipped(field_: DubovField, player: Contender, other: Contender) -> str:
    if other.tpn in player.opponents:
        return f"{other.tpn} already met ([C1])"
    if frozenset((player.tpn, other.tpn)) in field_.forbidden:
        return f"{other.tpn} ruled not to meet by the arbiter"
    if not field_.allowed(player, other):
        return f"{other.tpn} has the same absolute colour preference ([C3])"
    return f"{other.tpn} would leave no legal pairing of the others ([C4]) or more players without their colour ([C7])"


def explain_outcome(field_: DubovField, outcome: DubovOutcome, system: str) -> RoundExplanation:
    """The explanation of a paired round."""
    round_lines = [f"MaxT {field_.max_t} (Art. 1.8); " + ("last round: [C8]-[C10] do not apply"
                                                          if field_.is_last_round else "[C8]-[C10] apply")]
    partner_of: dict[int, tuple[BracketTrace, Contender, Contender]] = {}
    for trace in outcome.brackets:
        round_lines += bracket_lines(field_, trace)
        for s1_player, t2_player in zip(trace.s1, trace.t2):
            partner_of[s1_player.tpn] = (trace, s1_player, t2_player)
            partner_of[t2_player.tpn] = (trace, s1_player, t2_player)
    boards = []
    for number, (white, black, rule) in enumerate(published_boards(outcome.pairs, field_.initial_colour), start=1):
        trace, s1_player, t2_player = partner_of[white.tpn]
        position = trace.s1.index(s1_player) + 1
        reasons = [f"S1 #{position} {s1_player.tpn} (ARO {s1_player.aro}) meets {t2_player.tpn}, the first G2 player "
                   "in pairing-number order that leaves a legal pairing (3.2.6, Art. 4.4)"]
        for skipped in trace.passed.get(s1_player.tpn, []):
            reasons.append("  passed over: " + _reason_skipped(field_, s1_player, skipped))
        if t2_player in trace.upfloaters or s1_player in trace.upfloaters:
            up = t2_player if t2_player in trace.upfloaters else s1_player
            reasons.append(f"{up.tpn} is an upfloater (Art. 1.3)")
        reasons.append(f"colour: {rule}")
        boards.append(BoardExplanation(number, white.tpn, black.tpn, f"Board {number}: {white.tpn} - {black.tpn}",
                                       reasons))
    bye = bye_line(field_, outcome.bye) if outcome.bye else None
    return RoundExplanation(field_.round_number, system, round_lines, boards, bye)


def round_notes(field_: DubovField, outcome: DubovOutcome) -> list[str]:
    """Plain-words notes for the arbiter at the moment of pairing."""
    notes = []
    if outcome.bye is not None:
        notes.append(bye_line(field_, outcome.bye))
    for trace in outcome.brackets:
        if trace.upfloaters:
            notes.append(f"Bracket {field_.score_text(trace.score)}: upfloated "
                         + ", ".join(_upfloater_text(field_, p) for p in trace.upfloaters))
    return notes


def explain_round(tournament: Tournament, round_number: int, system: str) -> RoundExplanation:
    """Re-pairs ``round_number`` from the rounds before it and explains the result."""
    field_ = build_field(tournament, round_number)
    return explain_outcome(field_, pair_round(field_), system)
