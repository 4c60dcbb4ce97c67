"""Every C- clause of CATALOG.md section C is cited by a charge-rank test (``@pytest.mark.rule``)."""
from __future__ import annotations

import re
from pathlib import Path

CLAUSES = """
C-GEN-01 C-PHASE-01 C-PHASE-02 C-PHASE-03 C-PHASE-04 C-PHASE-05 C-PHASE-06 C-PHASE-07 C-PHASE-08
C-PHASE-09 C-PHASE-10 C-PHASE-11 C-CHECK-01 C-CHECK-02 C-CHECK-03 C-CHECK-04 C-CHECK-05 C-CHECK-06
C-CHECK-07 C-CHECK-08 C-MAIN-01 C-MAIN-02 C-ATK-01 C-ATK-02 C-ATK-03 C-ATK-04 C-ATK-05 C-ATK-06
C-ESC-01 C-ESC-02 C-ESC-03 C-ESC-04 C-WAIT-01 C-WAIT-02 C-OTHER-01 C-OTHER-02 C-PASS-01 C-PASS-02
C-DEF-01 C-DEF-02 C-DEF-03 C-DEF-04 C-DEF-05 C-COUNTER-01 C-COUNTER-02 C-COUNTER-03 C-COUNTER-04
C-COUNTER-05 C-COUNTER-06 C-INT-01 C-INT-02 C-INT-03 C-ICPT-01 C-ICPT-02 C-ICPT-03 C-ICPT-04
C-ICPT-05 C-COVER-01 C-COVER-02 C-COVER-03 C-COVER-04 C-DMG-01 C-DMG-02 C-DMG-03 C-DMG-04 C-INJ-01
C-INJ-02 C-INJ-03 C-INJ-04 C-INJ-05 C-INJ-REC-01 C-INJ-REC-02 C-INJ-REC-03 C-INJ-REC-04
C-OPT-GROUP-01 C-OPT-GROUP-02 C-OPT-GROUP-03 C-OPT-GROUP-04 C-OPT-PULL-01 C-OPT-PULL-02
C-OPT-PULL-03 C-OPT-PULL-04 C-OPT-ADV-01 C-OPT-ADV-02 C-OPT-ADV-03 C-OPT-DIST-01 C-OPT-OOA-01
C-OPT-OOA-02 C-OPT-OOA-03 C-OPT-OOA-04 C-OPT-OOA-05 C-OPT-OOA-06 C-OPT-OOA-07 C-OPT-SURP-01
C-OPT-SURP-02 C-EX-01 C-EX-02 C-EX-03 C-EX-04 C-EX-05 C-EX-06 C-EX-07 C-EX-08 C-EX-09 C-EX-10
C-EX-11 C-EX-12 C-EX-13 C-EX-14 C-EX-15
""".split()
"""The 110 clause ids of CATALOG.md section C, in catalog order."""

MARKER = re.compile(r"@pytest\.mark\.rule\(([^)]*)\)", re.S)


def cited() -> set[str]:
    here = Path(__file__).parent
    files = [*here.glob("test_*.py"), here.parent.parent / "console" / "test_charge_rank_console.py"]
    found: set[str] = set()
    for path in files:
        for args in MARKER.findall(path.read_text(encoding="utf-8")):
            found.update(re.findall(r'"(C-[A-Z-]+\d\d)"', args))
    return found


def test_every_c_clause_is_cited_by_a_test():
    assert len(CLAUSES) == 110 == len(set(CLAUSES))
    missing = [c for c in CLAUSES if c not in cited()]
    assert missing == []


def test_no_test_cites_an_unknown_c_clause():
    assert sorted(cited() - set(CLAUSES)) == []
