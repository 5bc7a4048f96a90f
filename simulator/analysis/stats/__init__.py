"""Answers read off run folders, each with its 95% interval; nothing here plays a game.
Reading runs (:mod:`.runs`), intervals and paired tests (:mod:`.intervals`), game-quality
measures (:mod:`.measures`), seat advantage (:mod:`.seats`), paired comparison of setups
(:mod:`.compare`), event-card impact (:mod:`.events`), strategy strength from rotations
(:mod:`.tournament`), score shape (:mod:`.shape`), convergence (:mod:`.convergence`) and what
never or how often rules happened (:mod:`.coverage`, :mod:`.rule_coverage`).
"""
