"""Hypothesis profiles: a quick "ci" one for ``make test``, a thorough "soak" one for ``make soak``.

``TFTM_HYPOTHESIS`` names the profile; without it ``TFTM_SOAK=1`` (what
``make soak`` sets) picks "soak" and anything else "ci".  Neither profile has a
deadline: a busy two-core machine would fail a test for being slow, not wrong.
A test that asks for its own number of examples does so through
``examples(ci, soak)``, so the soak scales it up as well.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

# How many times more examples the soak tries than make test.
SOAK_FACTOR = 10
_QUIET = {"deadline": None, "print_blob": True, "suppress_health_check": [HealthCheck.too_slow]}

settings.register_profile("ci", max_examples=100, **_QUIET)
settings.register_profile("soak", max_examples=100 * SOAK_FACTOR, **_QUIET)
PROFILE = os.environ.get("TFTM_HYPOTHESIS") or (
    "soak" if os.environ.get("TFTM_SOAK") == "1" else "ci")
settings.load_profile(PROFILE)


def examples(ci: int, soak: int | None = None) -> int:
    """A test's examples: ``ci`` in make test, ``soak`` (or ``SOAK_FACTOR`` x ``ci``) in soak."""
    if PROFILE == "soak":
        return soak if soak is not None else ci * SOAK_FACTOR
    return ci
