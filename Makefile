# Two commands: `make run` and `make test`. Both set everything up first.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run test soak lint typecheck coverage bench screenshot wheel dist install-desktop uninstall-desktop clean

$(STAMP): pyproject.toml
	bash scripts/system-deps.sh
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	@# setuptools warns that an editable install maps folders: expected here, and not a failure
	PYTHONWARNINGS=ignore $(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(PY) -m tftmanager

lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/lint-imports

typecheck: $(STAMP)
	$(VENV)/bin/mypy

# The suite runs on every core (TEST_WORKERS=0 runs it in one process), with the
# quick Hypothesis profile (tests/hypothesis_profiles.py). Whole files go to one
# worker: test_frozen.py builds dist/ once, test_wheel.py and test_pipx.py their
# installs once (xdist's loadgroup does not group under pytest 9.2). A worker that
# crashes is not replaced: the run stops with the crash's traceback (a replaced
# worker once left the run waiting until CI's time ran out).
TEST_WORKERS ?= auto
test: lint typecheck
	QT_QPA_PLATFORM=offscreen PYTHONFAULTHANDLER=1 $(PY) -m pytest -q \
		-n $(TEST_WORKERS) --dist loadfile --max-worker-restart=0 --durations=20

# The window's line coverage: tests/ui under pytest-cov, a line per module of
# tftmanager/ui and the total (kept out of make test, which it would slow by a third).
coverage: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest tests/ui -q -n $(TEST_WORKERS) --dist loadfile \
		-p no:randomly --cov=tftmanager.ui --cov-report=term --no-cov-on-fail

# The long fault-injection run (500+ kills, 10 x 24 simultaneous opens, 5,000
# fuzzed inputs, disk full, every damaged file); its figures go to soak-results.json.
# Then every other Hypothesis test with the thorough "soak" profile (ten times the
# examples of make test), a seeded sample of 137 mutants of tftmanager/rules
# against tests/rules, printing its score (survivors in mutants-results.json); then
# 120 of the fight's modules (encounter*, injury, heights, awards, bestiary) against
# the fight's tests (survivors in mutants-fight-results.json; issue 27 asks for 90%).
MUTANTS ?= 137
MUTANT_SEED ?= 13
FIGHT_MUTANTS ?= 120
soak: $(STAMP)
	TFTM_SOAK=1 TFTM_SOAK_REPORT=soak-results.json QT_QPA_PLATFORM=offscreen \
		$(PY) -m pytest tests/faults -q -p no:cacheprovider
	TFTM_SOAK=1 QT_QPA_PLATFORM=offscreen \
		$(PY) -m pytest tests -q -p no:cacheprovider -m "hypothesis and not faults"
	$(PY) scripts/mutants.py --count $(MUTANTS) --seed $(MUTANT_SEED) \
		--report mutants-results.json
	$(PY) scripts/mutants.py --fight --count $(FIGHT_MUTANTS) --seed $(MUTANT_SEED) \
		--report mutants-fight-results.json

# Every benchmark runs; the target fails at the end if any of them missed a target
# (bench/run.py prints each figure beside the last committed one in bench/results/,
# and bench/table.py writes docs/performance.md's table from the new result).
bench: $(STAMP)
	@missed=0; \
	QT_QPA_PLATFORM=offscreen $(PY) bench/run.py || missed=1; \
	$(PY) bench/table.py; \
	$(PY) bench/imports.py || missed=1; \
	QT_QPA_PLATFORM=offscreen $(PY) bench/journal_board.py || missed=1; \
	$(PY) bench/server_clients.py || missed=1; \
	$(PY) bench/server_load.py || missed=1; \
	$(PY) bench/table_server.py || missed=1; \
	$(PY) bench/dist_size.py || missed=1; \
	if [ $$missed = 1 ]; then echo "make bench: a target was missed (see above)" >&2; fi; \
	exit $$missed

screenshot: $(STAMP)
	bash scripts/screenshot.sh

wheel: $(STAMP)
	$(PY) -m build --wheel --outdir dist

# The frozen one-folder app for this platform (dist/TFTManager/) and its archive
# (dist/TFTManager-VERSION-PLATFORM.tar.gz); see packaging/README.md.
dist: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(PY) packaging/build_dist.py

# The menu entry, icon, metainfo and .tftcampaign file type for this checkout's
# tftmanager-gui: into ~/.local/share, or PREFIX/share with PREFIX=/usr/local.
PREFIX ?=
install-desktop: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(PY) packaging/build_dist.py --share build/desktop/share
	sh packaging/install-desktop.sh --share build/desktop/share \
		--exec "$(CURDIR)/$(VENV)/bin/tftmanager-gui" $(if $(PREFIX),--prefix "$(PREFIX)")

uninstall-desktop:
	sh packaging/install-desktop.sh --uninstall $(if $(PREFIX),--prefix "$(PREFIX)")

clean:
	rm -rf $(VENV) dist build *.egg-info
