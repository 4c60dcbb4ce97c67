"""The 7th edition's clauses (docs/coc7.md, 7-*: the battle's, and the rolls around a check:
push, Luck, opposed rolls, sheets): every one is cited by a test, every test cites only
clauses of the catalog, and every clause the rules and the bot refuse by is in it."""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
MARKER = re.compile(r"@pytest\.mark\.rule\(([^)]*)\)", re.S)
CLAUSE = re.compile(r'"(7-[A-Z]+-\d\d)"')


def catalog() -> list[str]:
    """The clause ids of the catalog table in docs/coc7.md, in order."""
    text = (ROOT / "docs" / "coc7.md").read_text(encoding="utf-8")
    return re.findall(r"^\| (7-[A-Z]+-\d\d) \|", text, re.M)


def cited() -> set[str]:
    found: set[str] = set()
    for path in (ROOT / "tests").rglob("test_*.py"):
        for args in MARKER.findall(path.read_text(encoding="utf-8")):
            found.update(CLAUSE.findall(args))
    return found


def refused_by() -> set[str]:
    found: set[str] = set()
    for path in [*(ROOT / "rules").rglob("*.py"), *(ROOT / "bot").rglob("*.py")]:
        found.update(re.findall(r'(?:forbid|_refuse|RuleViolation)\(\s*"(7-[A-Z]+-\d\d)"', path.read_text(encoding="utf-8")))
    return found


def test_the_catalog_has_each_clause_once():
    clauses = catalog()
    assert len(clauses) == len(set(clauses)) == 86


def test_every_clause_is_cited_by_a_test():
    assert [c for c in catalog() if c not in cited()] == []


def test_no_test_cites_an_unknown_7th_clause():
    assert sorted(cited() - set(catalog())) == []


def test_every_refusal_names_a_catalog_clause():
    assert sorted(refused_by() - set(catalog())) == []
