"""Strikes: what the main phase resolves (C-MAIN-01). An attack makes one strike per target
(C-OPT-GROUP-03); a successful counter or intercept makes a new strike at the original
attacker (C-COUNTER-03, C-ICPT-03); an escape is a strike without a target (C-ESC-01).

A strike is a JSON-friendly dict (it travels in events):

- ``id``; ``kind``: ``"attack"``, ``"counter"``, ``"intercept"`` or ``"escape"``;
- ``attacker``, ``target`` (None for an escape); ``origin``: the original target (covering);
- ``power``: the power rank its damage uses (halved when pulled, C-OPT-PULL-03; for a
  counter PR_c + PR_a, C-COUNTER-03); ``achievement``: its achievement value;
- ``stage``: ``"interrupt"`` → ``"passive"`` (or ``"obstruct"`` for an escape) → ``"damage"``;
- ``asked``: units already asked in the current step (interrupt, then obstruct afresh);
- ``interrupt`` / ``passive``: whether those steps are open (an intercept's strike allows only
  passive actions, C-ICPT-04; a covered one neither);
- ``surprise``, ``out_of_area``, ``group``: from the attack's ``special:`` (C-OPT-SURP-01,
  C-OPT-OOA-02/03, C-OPT-GROUP-04); ``cover``: ``{"unit", "power"}`` after a covering;
  ``reaction``: ``{"action", "power"}`` of the passive action taken; ``obstruction``: the sum
  of the obstructors' achievement values (C-ESC-03); ``technique``: the 闘技/特技 named;
  ``keeper`` (an escape): the GM's one answer for all their NPCs (escape.py: ``"done"``, or
  ``"obstruct"`` — every NPC of the GM's obstructs with its whole charge rank).
"""
from __future__ import annotations


def new_strike(sid: int, kind: str, attacker: str, target: str | None, power: int, achievement: int,
               **flags) -> dict:
    """A strike dict in its first step (interrupt); ``flags`` override the defaults above."""
    strike = {"id": sid, "kind": kind, "attacker": attacker, "target": target, "origin": target,
              "power": power, "achievement": achievement, "stage": "interrupt", "asked": [],
              "interrupt": True, "passive": kind != "escape", "surprise": False,
              "out_of_area": False, "group": False, "cover": None, "reaction": None,
              "obstruction": 0, "technique": "", "keeper": None}
    strike.update(flags)
    return strike
