# The two commands of README.md: `make site` builds the site, `make test` runs the tests.
# Each creates .venv and installs what it needs on a fresh machine.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: site test check clean deps browser npm mutation wheel-test

$(STAMP): pyproject.toml
	@echo "==> creating $(VENV) and installing ygorules with its test tools (from PyPI)"
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

deps: $(STAMP)

# Debian's chromium for the browser tests (Playwright cannot download browsers here).
browser:
	@command -v chromium >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	  else echo "install Debian's chromium (sudo apt-get install chromium) for the browser tests"; fi; }

# Debian's npm: the site build installs site_src/package.json (search opened from disk) with it.
npm:
	@command -v npm >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq npm >/dev/null; \
	  else echo "install Debian's npm (sudo apt-get install npm) for the site build"; fi; }

site: $(STAMP) npm
	$(BIN)/ygorules site build

check: $(STAMP)
	$(BIN)/ygorules check --strict-terms

test: $(STAMP) browser npm
	@echo "==> make test [1/3]: ygorules check --strict-terms (schemas, cross references, citations, terminology)"
	$(BIN)/ygorules check --strict-terms
	@echo "==> make test [2/3]: ygorules fmt --check (every kb file in canonical form)"
	$(BIN)/ygorules fmt --check
	@echo "==> make test [3/3]: pytest (the whole suite but -m slow; browser tests included)"
	$(BIN)/python -m pytest -q

# Mutation testing of the core, names and cardtext parts (slow; not part of `make test`), one module at a time with one worker:
# see tests/MUTATION.md. MUTANTS='ygorules.core.link.*' runs one module.
mutation: $(STAMP)
	$(BIN)/python tests/mutation.py $(MUTANTS)

# The wheel on its own (slow; not part of `make test`, run by .ci/run): an sdist and a wheel built from it, installed
# into a fresh venv outside the checkout; check, lookup, translate and site build run from a temporary folder.
wheel-test: $(STAMP) npm
	@echo "==> make wheel-test: sdist → wheel → fresh venv outside the checkout → ygorules check/lookup/translate/site build"
	$(BIN)/python -m pytest -q -p no:cacheprovider -m wheel -s tests/test_wheel.py

clean:
	rm -rf build site $(VENV)
