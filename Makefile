# Larder's two entry points for a newcomer: `make demo` and `make test`.
# Both install the system packages Larder and its tests need (Debian/Ubuntu), build, then run.

SWIFT ?= swift
# The libraries Larder links against; fonts-linuxlibertine, the book's sans face (Linux Biolinum;
# its serif, Libertinus, is built into Typst); fonts-wqy-microhei (1.6 MB) for Chinese, Japanese
# and Korean and fonts-noto-color-emoji (10 MB) for emoji, which the book faces lack and the PDF
# would print as empty boxes (fonts-noto-cjk, 56 MB, draws Japanese forms of Han characters
# better, and the book prefers it when installed); fontconfig, whose fc-list tells the PDF export
# which characters no installed font has; then what only the tests use: poppler-utils reads the
# PDF back, GNU parallel and rsync run docs/scale-out.md's recipes
# (Tests/LarderKitTests/ScaleOutRecipeTests.swift), strace shows which writes are flushed to
# the disk (Tests/LarderKitTests/WriteDurabilityTests.swift).
APT_PACKAGES := libxml2-dev libcurl4-openssl-dev libarchive-dev libsqlite3-dev pkg-config fonts-linuxlibertine fonts-wqy-microhei fonts-noto-color-emoji fontconfig poppler-utils parallel rsync strace
# Typst lays out the PDF cookbook: the Python package of its compiler (one wheel with the
# compiler inside; it needs no network at run time), installed for the python3 on PATH, which
# is the one Larder runs it with.
TYPST_PACKAGE := typst==0.15.2
PYTHON ?= python3
DEMO_DIR := .build/demo
LARDER := .build/debug/larder

.PHONY: setup build demo test test-release man docs release fuzz train-ingredient-tagger cross-validate-ingredient-tagger

# Installs what is missing with apt-get; without root, prints the exact command and stops.
setup:
	@if command -v dpkg >/dev/null 2>&1; then \
	  missing=""; \
	  for package in $(APT_PACKAGES); do \
	    dpkg -s $$package 2>/dev/null | grep -q '^Status: install ok installed' || missing="$$missing $$package"; \
	  done; \
	  if [ -n "$$missing" ]; then \
	    if [ "$$(id -u)" = "0" ]; then \
	      echo "Installing system packages:$$missing"; \
	      apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing >/dev/null; \
	    else \
	      echo "Larder needs these system packages:$$missing"; \
	      echo "Install them with:  sudo apt-get install -y$$missing"; \
	      exit 1; \
	    fi; \
	  fi; \
	fi
	@if ! $(PYTHON) -c 'import typst' >/dev/null 2>&1; then \
	  echo "Installing the Python package $(TYPST_PACKAGE) for $$(command -v $(PYTHON))"; \
	  $(PYTHON) -m pip install --quiet --disable-pip-version-check --root-user-action=ignore '$(TYPST_PACKAGE)' \
	    || $(PYTHON) -m pip install --quiet --disable-pip-version-check --root-user-action=ignore --break-system-packages '$(TYPST_PACKAGE)' \
	    || { echo "Install Typst for $(PYTHON) with:  $(PYTHON) -m pip install '$(TYPST_PACKAGE)'"; exit 1; }; \
	fi

build: setup
	$(SWIFT) build

# Imports Samples/ into a fresh library and writes a Markdown cookbook, a printable cookbook (HTML
# and PDF) and a shopping list from it. No network.
demo: build
	@rm -rf $(DEMO_DIR)
	$(LARDER) import Samples --library $(DEMO_DIR)/library
	$(LARDER) export --library $(DEMO_DIR)/library --format markdown --output $(DEMO_DIR)/cookbook
	$(LARDER) export --library $(DEMO_DIR)/library --format cookbook --output $(DEMO_DIR)/cookbook.html --title "Larder Samples" --subtitle "Recipes from every kind of source"
	$(LARDER) export --library $(DEMO_DIR)/library --format pdf --output $(DEMO_DIR)/cookbook.pdf --title "Larder Samples" --subtitle "Recipes from every kind of source"
	$(LARDER) export --library $(DEMO_DIR)/library --format shopping-list --output $(DEMO_DIR)/shopping-list.md
	@echo
	@echo "Library:            $(DEMO_DIR)/library   (recipes/, manifest.jsonl, report.json)"
	@echo "Markdown cookbook:  $(DEMO_DIR)/cookbook/index.md"
	@echo "Printable cookbook: $(DEMO_DIR)/cookbook.html   (open it in a browser and print)"
	@echo "PDF cookbook:       $(DEMO_DIR)/cookbook.pdf"
	@echo "Shopping list:      $(DEMO_DIR)/shopping-list.md"

test: setup
	$(SWIFT) test

# The same suite on the optimized build people install: some faults appear only there (the
# `--images` crash of issue 19 was the optimizer's; a debug build never showed it).
test-release: setup
	$(SWIFT) test -c release -Xswiftc -enable-testing

# Regenerates the man pages in man/ from the CLI's own help. generate-manual always writes the
# standard exit sentence (".Ex -std": 0 on success, >0 on error); Larder's codes say more, so
# that line is replaced with Tools/man-exit-status.mdoc.
man: setup
	$(SWIFT) package --allow-writing-to-package-directory generate-manual --multi-page --output-directory man
	for page in man/*.1; do \
	  awk 'FNR == NR { text = text $$0 "\n"; next } /^\.Ex -std$$/ { printf "%s", text; next } { print }' \
	    Tools/man-exit-status.mdoc "$$page" > "$$page.new" && mv "$$page.new" "$$page"; \
	done

# The Swift runtime and Foundation are linked into the binary (--static-swift-stdlib) instead of
# loaded as 15 shared libraries at every start: `larder --version` 19 -> 12 ms of CPU time, and as
# much off every command (Benchmarks/library-index.sh). The benchmarks and the tools built here use
# the same flag: a release build with other flags recompiles everything (about 5 minutes here).
release: setup
	$(SWIFT) build -c release --static-swift-stdlib

# The DocC documentation of LarderCore, LarderHTML and LarderKit, one archive per module in
# .build/docs (links checked); the articles' examples run in `make test` (DocumentationTests).
docs:
	Tools/docs.sh .build/docs

# Fuzzes every parser that reads untrusted bytes with libFuzzer and AddressSanitizer, each for
# FUZZ_SECONDS (default 60); FUZZ_TARGETS="json html" picks targets. Not part of `make test`.
# The fuzz targets are a package of their own (Fuzz/), so `swift build` never compiles them.
# What they find goes to Fuzz/Crashes/TARGET/ (see README, "Fuzzing").
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?=

fuzz: setup
	FUZZ_SECONDS=$(FUZZ_SECONDS) FUZZ_TARGETS="$(FUZZ_TARGETS)" SWIFT=$(SWIFT) Fuzz/fuzz.sh

# The ingredient tagger (Sources/LarderCore/Parsing/IngredientTagger.swift) is trained, by the tool in
# Tools/TrainIngredientTagger (training code in Tools/IngredientTaggerTraining), on
# labelled corpora in the schema of ../shared/corpus/ingredients/dev.jsonl: the English corpus and
# the multilingual one in Tools/ingredient-corpus. Retrain after changing the rules or the
# features; cross-validate to see how it does on lines it was not trained on (each file scored
# on its own; the lines of one page, for files that name their `page`, all in one fold).
INGREDIENT_CORPUS ?= ../shared/corpus/ingredients/dev.jsonl Tools/ingredient-corpus/multilingual.jsonl

train-ingredient-tagger: setup
	$(SWIFT) build -c release --static-swift-stdlib --product train-ingredient-tagger
	$$($(SWIFT) build -c release --static-swift-stdlib --show-bin-path)/train-ingredient-tagger $(INGREDIENT_CORPUS) --output "Sources/LarderCore/Parsing/IngredientTaggerModel+Generated.swift"

cross-validate-ingredient-tagger: setup
	$(SWIFT) build -c release --static-swift-stdlib --product train-ingredient-tagger
	$$($(SWIFT) build -c release --static-swift-stdlib --show-bin-path)/train-ingredient-tagger $(INGREDIENT_CORPUS) --folds 5 --by-page --predictions .build/held-out.jsonl
	@for corpus in $(INGREDIENT_CORPUS); do echo "== $$corpus"; python3 ../shared/tools/score_ingredients.py $$corpus .build/held-out.jsonl; done
