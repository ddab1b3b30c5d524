# The entry points a person (and CI) uses. See README.md.
PREFIX ?= /usr/local
MAN_DATE = 2026-11-21
SWIFT ?= swift

.PHONY: all build demo test test-load man check-man install bench bench-baseline fuzz clean

all: build

build:
	scripts/setup
	$(SWIFT) build

demo: build
	scripts/demo

# The whole suite runs on a private D-Bus with an unlocked gnome-keyring and under Xvfb, so
# the keyring and clipboard tests use the real things; both are stopped afterwards.
test:
	scripts/setup --test
	scripts/check-imports
	$(SWIFT) build --build-tests --explicit-target-dependency-import-check error
	scripts/with-keyring xvfb-run -a $(SWIFT) test --skip-build
	$(MAKE) check-man

# The whole suite twice while stress-ng keeps a processor busy (scripts/test-load): no verdict
# may depend on how busy the machine is. TEST_LOAD_FLAGS adds --idle, --runs N or --busy N.
TEST_LOAD_FLAGS ?=
test-load:
	scripts/setup --test
	scripts/check-imports
	scripts/test-load $(TEST_LOAD_FLAGS)

# Man pages are generated from the command definitions by swift-argument-parser.
man:
	scripts/man man

check-man:
	scripts/man --check man

# libFuzzer on every parser of untrusted input and on the merge (Fuzz/, docs/fuzzing.md): each
# target for FUZZ_SECONDS (default 60), or only the FUZZ_TARGET names (separated by spaces); a
# finding is kept in Fuzz/crashes/.
FUZZ_SECONDS ?= 60
FUZZ_TARGET ?=
fuzz:
	FUZZ_SECONDS='$(FUZZ_SECONDS)' FUZZ_TARGET='$(FUZZ_TARGET)' scripts/fuzz

# The Swift runtime and FoundationEssentials are linked in (--static-swift-stdlib): the installed
# binaries need no Swift toolchain, only the system libraries, and start faster (make bench times
# them). vault carries no network library (scripts/check-lean-binary refuses one); vault-network,
# the whole program with the breach and TLS plugins, goes to libexec/vault, where vault finds it.
# Debug information is kept apart, under lib/debug (scripts/install-program); no $ORIGIN run path,
# so the loader looks for the system libraries only where the system keeps them. git-credential-vault,
# beside vault, is the name git runs for `credential.helper vault`. The shell completion scripts
# go where bash-completion, zsh and fish look for them. Both programs are linked anew each time
# (SwiftPM relinks only for changed code), so that a security update of the static libraries they
# carry (libsodium, libkeyutils, zlib, libstdc++) reaches them.
install:
	scripts/setup
	rm -f .build/release/vault .build/release/vault-network
	$(SWIFT) build -c release --static-swift-stdlib --disable-local-rpath --product vault
	$(SWIFT) build -c release --static-swift-stdlib --disable-local-rpath --product vault-network
	scripts/check-lean-binary .build/release/vault
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1
	scripts/install-program .build/release/vault $(DESTDIR)$(PREFIX)/bin/vault $(DESTDIR)$(PREFIX)/lib/debug$(PREFIX)/bin
	scripts/install-program .build/release/vault-network $(DESTDIR)$(PREFIX)/libexec/vault/vault-network \
		$(DESTDIR)$(PREFIX)/lib/debug$(PREFIX)/libexec/vault
	install -m 0755 scripts/git-credential-vault $(DESTDIR)$(PREFIX)/bin/git-credential-vault
	install -m 0644 man/*.1 $(DESTDIR)$(PREFIX)/share/man/man1/
	install -d $(DESTDIR)$(PREFIX)/share/bash-completion/completions $(DESTDIR)$(PREFIX)/share/zsh/site-functions \
		$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
	.build/release/vault --generate-completion-script bash >$(DESTDIR)$(PREFIX)/share/bash-completion/completions/vault
	.build/release/vault --generate-completion-script zsh >$(DESTDIR)$(PREFIX)/share/zsh/site-functions/_vault
	.build/release/vault --generate-completion-script fish >$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/vault.fish
	chmod 0644 $(DESTDIR)$(PREFIX)/share/bash-completion/completions/vault $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_vault \
		$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/vault.fish

# The benchmark, then its gate: the figures of this run against the baseline's, failing on a
# regression. bench-baseline makes the last run's results the baseline; record it from a full run
# of release builds. docs/benchmarks.md, "The gate", has the rule and the settings. BENCH_RESULTS
# is scripts/bench's own default.
BENCH_RESULTS ?= .build/bench/results.json
BENCH_BASELINE ?= Benchmarks/baseline.json
bench:
	scripts/setup --bench
	BENCH_RESULTS='$(BENCH_RESULTS)' scripts/bench
	python3 Benchmarks/benchtool.py gate '$(BENCH_RESULTS)' '$(BENCH_BASELINE)'

bench-baseline:
	python3 Benchmarks/benchtool.py check-results '$(BENCH_RESULTS)'
	mkdir -p '$(dir $(BENCH_BASELINE))'
	cp '$(BENCH_RESULTS)' '$(BENCH_BASELINE)'

clean:
	rm -rf .build
