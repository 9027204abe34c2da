# The two commands of the README:  `make up`  and  `make test`.
VENV ?= .venv
BIN := $(VENV)/bin

.PHONY: install up test lint check bench

install: $(VENV)/.installed

$(VENV)/.installed: pyproject.toml lobby/web/package-lock.json scripts/install.sh
	bash scripts/install.sh
	touch $@

up: install
	$(BIN)/eko up

# The whole suite: lint, types, then every test (CI runs exactly this through .ci/run).
test: install
	bash scripts/test-deps.sh
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	HF_HUB_OFFLINE=1 $(BIN)/pytest

bench: install
	$(BIN)/python bench/memory.py
	$(BIN)/python bench/lobby.py
	$(BIN)/python bench/day.py
	$(BIN)/python bench/import_memory.py
