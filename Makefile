# Every target bootstraps .venv on first use.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP_PLAY := $(VENV)/.installed-play
STAMP_TEST := $(VENV)/.installed-test
PYTEST := PYTHONDONTWRITEBYTECODE= SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/python -m pytest

.PHONY: play test bench lint wheel clean

# what mypy checks: the whole program (the tests and tools are not typed)
TYPED := tabletop

# The interpreter's own pip puts the newest pip into a venv made without one:
# one install, where ensurepip's pip and setuptools and then the upgrade took
# twice the time. Where that pip is missing or too old for --python (before
# 22.3), the venv is made the usual way.
$(BIN)/python:
	$(PYTHON) -m venv --without-pip $(VENV) && \
	$(PYTHON) -m pip --python $(BIN)/python install --quiet --upgrade pip || { \
	rm -rf $(VENV) && $(PYTHON) -m venv $(VENV) && \
	$(BIN)/python -m pip install --quiet --upgrade pip; }

$(STAMP_PLAY): pyproject.toml setup.py | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

# --no-compile: pip byte-compiled every file of every package (matplotlib, mypy,
# fonttools...), as long as the rest of the install took. What runs is compiled
# instead as it is first imported, written once even where the environment
# sets PYTHONDONTWRITEBYTECODE: here the program's own package, every module
# (start-up imports a game's code only once it is used), and the libraries
# it imports (so `make play` and the bench start-up find them), in `make
# test` the suite's.
$(STAMP_TEST): pyproject.toml setup.py | $(BIN)/python
	$(BIN)/python -m pip install --quiet --no-compile -e '.[test,dev,tools]'
	PYTHONDONTWRITEBYTECODE= $(BIN)/python -c 'import numpy, pymunk, tabletop.ui.menus' >/dev/null
	PYTHONDONTWRITEBYTECODE= $(BIN)/python -m compileall -q tabletop >/dev/null
	touch $@ $(STAMP_PLAY)

play: $(STAMP_PLAY)
	$(BIN)/tabletop $(ARGS)

# While mypy runs on one core, one collection of the tests on the other writes
# the bytecode of every module they import and pytest's rewritten test modules
# (PYTHONDONTWRITEBYTECODE is cleared for it), so the pytest-xdist workers
# load them instead of each compiling and rewriting everything again. The
# collection's own failure shows in the run after it, so it is not reported.
test: $(STAMP_TEST)
	$(BIN)/ruff check tabletop tests tools
	$(BIN)/ruff format --check tabletop tests tools
	$(BIN)/mypy $(TYPED) & mypy=$$!; \
	$(PYTEST) --collect-only -q >/dev/null 2>&1; wait $$mypy
	$(PYTEST) -n auto --dist worksteal

bench: $(STAMP_TEST)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/python tools/bench.py $(ARGS)

lint: $(STAMP_TEST)
	$(BIN)/ruff check tabletop tests tools
	$(BIN)/ruff format --check tabletop tests tools
	$(BIN)/mypy $(TYPED)

# The wheel, in dist/, built afresh: setuptools packs whatever its build/
# holds, so a module deleted from the source would ship from an older build.
wheel:
	rm -rf build
	$(PYTHON) -m pip wheel --no-deps -w dist .

clean:
	rm -rf $(VENV) build dist *.egg-info
