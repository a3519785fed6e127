"""What the FIDE Swiss systems share: the round field, Baku points, colour preferences and the board order.

The Dutch (C.04.3), Dubov (C.04.4.1) and Burstein (C.04.4.2) systems import this package, never each
other's folder: the round field and its point scale, edition and bye eligibility (:mod:`.entrants`), the
virtual points of C.04.7 (:mod:`.baku`), the colour preferences granted in the order of C.04.3 5.2.1–5.2.3
(:mod:`.colours`), and the published board order of C.04.2 (:mod:`.boards`), which needs nothing of a
player but a score and a pairing number, so that a team Swiss can use it as well.
"""
