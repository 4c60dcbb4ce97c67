"""Acceptance 03: a サルト with the combination roll and the ward-off, then a 精密射撃 at the
knee, under the house rules without a map, every die fixed (runs ``run.py`` in a subprocess
with ``--python sys.executable``; shared/ is found by the conftest)."""
import pytest


@pytest.mark.rule("H-MA-SALTO-04", "H-MA-SALTO-07", "H-MA-SALTO-08", "H-MA-SALTO-09", "X-COMB-01",
                  "H-KYU-PREC-04", "H-KYU-PREC-06", "H-KYU-PREC-10", "H-KYU-PREC-11", "H-KYU-PREC-14",
                  "H-KYU-02")
def test_salto_precise_shot_transcript(transcript):
    out = transcript("03-salto-precise-shot.txt")
    assert "ok   03-salto-precise-shot.txt" in out
