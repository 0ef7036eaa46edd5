# Every target bootstraps .venv on first use.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP_PLAY := $(VENV)/.installed-play
STAMP_TEST := $(VENV)/.installed-test

.PHONY: play test bench lint clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP_PLAY): pyproject.toml setup.py | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(STAMP_TEST): pyproject.toml setup.py | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test,dev,tools]'
	touch $@ $(STAMP_PLAY)

play: $(STAMP_PLAY)
	$(BIN)/tabletop $(ARGS)

test: $(STAMP_TEST)
	$(BIN)/ruff check tabletop tests tools
	$(BIN)/mypy tabletop/core tabletop/games/*/rules.py
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/python -m pytest

bench: $(STAMP_TEST)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/python tools/bench.py $(ARGS)

lint: $(STAMP_TEST)
	$(BIN)/ruff check tabletop tests tools
	$(BIN)/mypy tabletop/core tabletop/games/*/rules.py

clean:
	rm -rf $(VENV) build *.egg-info
