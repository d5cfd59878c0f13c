# hubctl: `make demo` and `make test` are all a new user needs (they install what is missing).
SHELL := /bin/bash
export PATH := /opt/swift/usr/bin:$(PATH)

PREFIX ?= /usr/local
BINDIR := $(PREFIX)/bin
MANDIR := $(PREFIX)/share/man/man1
BASHCOMPDIR := $(PREFIX)/share/bash-completion/completions
ZSHCOMPDIR := $(PREFIX)/share/zsh/site-functions
FISHCOMPDIR := $(PREFIX)/share/fish/vendor_completions.d
SYSTEMDDIR := $(PREFIX)/lib/systemd/system
# The Prometheus alert rules for `hubctl probe` (contrib/prometheus), as the package installs them.
EXAMPLESDIR := $(PREFIX)/share/doc/hubctl/examples
# The systemd units of contrib/systemd (docs/operations.md "systemd units"); they name /usr/bin/hubctl,
# which `make install` replaces with $(BINDIR)/hubctl.
SYSTEMD_UNITS := $(notdir $(wildcard contrib/systemd/*.service contrib/systemd/*.timer))

SWIFT ?= swift
DEBUG_BIN := .build/debug
RELEASE_BIN ?= .build/release
DIST_DIR ?= .build/dist

# Debian packages the build, the tests and the demo need.
APT_PACKAGES := libcurl4-openssl-dev libssl-dev libarchive-dev libsqlite3-dev libxml2-dev pkg-config curl openssl jq sqlite3 \
                libarchive-tools nginx-light zsh fish man-db python3 hyperfine time \
                chromium chromium-driver python3-pip binutils gcc systemd prometheus prometheus-node-exporter
# PyPI packages (module=package) the tests and the demo need: Selenium drives Chromium through the
# OAuth login (scripts/oauth-browser.py); SAP's pyodata (with requests) is the independent OData V2
# client of the interoperability tests (Tests/Interop).
PIP_PACKAGES := selenium=selenium pyodata=pyodata requests=requests

.PHONY: all deps build release demo test unit check-generated completions man install uninstall bench clean deb dist test-package

all: build

deps:
	@bash scripts/install-deps.sh $(APT_PACKAGES)
	@bash scripts/install-pip.sh $(PIP_PACKAGES)

build: deps
	$(SWIFT) build --product hubctl
	$(SWIFT) build --product hubctl-emulator

# Release binaries: whole-module optimisation, the Swift runtime linked in, and linked by lld with
# packed relative relocations (DT_RELR, glibc >= 2.36): the position-independent executable keeps
# its address randomisation, and the loader reads 16 KB of relocations at start instead of 2 MB.
# libstdc++ (which the Swift runtime uses) is linked in too: loading and relocating libstdc++.so
# is about 1.5 ms of every call (bench/RESULTS.md "Start-up"). The directory below holds a linker
# script named libstdc++.so that points at GCC's static archive and is searched first; without
# the archive (no libstdc++-NN-dev) the shared library is linked as before.
STATIC_CXX_DIR := $(CURDIR)/.build/static-libstdc++
STATIC_CXX_ARCHIVE := $(shell gcc -print-file-name=libstdc++.a 2>/dev/null)
# --disable-local-rpath: no RUNPATH $ORIGIN, so an installed hubctl never loads a libssl.so.3 (or any
# library) that happens to lie beside it, and the loader does not look there first.
RELEASE_FLAGS := -c release -Xswiftc -wmo --static-swift-stdlib -Xswiftc -use-ld=lld \
	-Xlinker -z -Xlinker pack-relative-relocs -Xswiftc -L$(STATIC_CXX_DIR) --disable-local-rpath
release: deps
	@mkdir -p $(STATIC_CXX_DIR)
	@if [ -f "$(STATIC_CXX_ARCHIVE)" ]; then printf 'INPUT(%s)\n' "$(STATIC_CXX_ARCHIVE)" >$(STATIC_CXX_DIR)/libstdc++.so; \
	 else rm -f $(STATIC_CXX_DIR)/libstdc++.so; echo "make: no static libstdc++ (libstdc++-12-dev): linking the shared one" >&2; fi
	$(SWIFT) build $(RELEASE_FLAGS) --product hubctl
	$(SWIFT) build $(RELEASE_FLAGS) --product hubctl-emulator

demo: build
	@bash scripts/demo.sh $(DEBUG_BIN)

# Every test: unit tests of each library and the commands run in-process against the in-process
# emulator, then the end-to-end tests of the built binaries (the emulator, nginx for mutual TLS, SAP's
# pyodata as an independent OData client),
# then a check that generated files are current. Three runs: the unit tests in parallel; the
# in-process command tests one at a time (a test that waits on its in-process emulator from a
# thread of the cooperative pool must leave the emulator a thread of that pool: on 2 cores the pool
# has 2); the end-to-end tests one at a time, since they block their threads while child processes
# work (see Tests/EndToEndTests/Harness.swift).
test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --skip EndToEndTests --skip HubCLITests 2>&1 | tee .build/test-unit.log; exit $${PIPESTATUS[0]}
	$(SWIFT) test --skip-build --no-parallel --filter HubCLITests 2>&1 | tee .build/test-inprocess.log; exit $${PIPESTATUS[0]}
	$(SWIFT) test --skip-build --no-parallel --filter EndToEndTests 2>&1 | tee .build/test-e2e.log; exit $${PIPESTATUS[0]}
	@$(MAKE) --no-print-directory check-generated
	@bash scripts/test-package.sh $(DEBUG_BIN) .build/dist-test

# The packages, from the release binaries (static Swift runtime): `make deb` a Debian package,
# `make dist` a tarball and SHA256SUMS, both in $(DIST_DIR), versioned by scripts/package-version.sh.
deb: release
	@bash scripts/make-package.sh deb $(RELEASE_BIN) $(DIST_DIR)

dist: release
	@bash scripts/make-package.sh dist $(RELEASE_BIN) $(DIST_DIR)

# Builds both packages, installs the .deb with dpkg into a throw-away root and runs what it installed.
# `make test` does the same with the debug binaries (a release build takes many minutes on 2 cores):
# the packaging is the same, only the binaries differ.
test-package: release
	@bash scripts/test-package.sh $(RELEASE_BIN) $(DIST_DIR)

check-generated:
	@bash scripts/generate-docs.sh --check $(DEBUG_BIN)
	@bash scripts/check-version.sh $(DEBUG_BIN)

completions man:
	$(SWIFT) build --product hubctl
	bash scripts/generate-docs.sh --write $(DEBUG_BIN)

install: $(if $(NO_BUILD),,release)
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR) $(DESTDIR)$(BASHCOMPDIR) $(DESTDIR)$(ZSHCOMPDIR) $(DESTDIR)$(FISHCOMPDIR)
	install -m 0755 $(RELEASE_BIN)/hubctl $(RELEASE_BIN)/hubctl-emulator $(DESTDIR)$(BINDIR)/
	install -m 0644 man/*.1 $(DESTDIR)$(MANDIR)/
	install -m 0644 completions/hubctl.bash $(DESTDIR)$(BASHCOMPDIR)/hubctl
	install -m 0644 completions/_hubctl $(DESTDIR)$(ZSHCOMPDIR)/_hubctl
	install -m 0644 completions/hubctl.fish $(DESTDIR)$(FISHCOMPDIR)/hubctl.fish
	install -d $(DESTDIR)$(SYSTEMDDIR)
	for unit in $(SYSTEMD_UNITS); do \
		sed 's|/usr/bin/hubctl|$(BINDIR)/hubctl|g' contrib/systemd/$$unit >$(DESTDIR)$(SYSTEMDDIR)/$$unit && \
		chmod 0644 $(DESTDIR)$(SYSTEMDDIR)/$$unit || exit 1; \
	done
	install -d $(DESTDIR)$(EXAMPLESDIR)
	install -m 0644 contrib/prometheus/hubctl-probe.rules.yml $(DESTDIR)$(EXAMPLESDIR)/

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/hubctl $(DESTDIR)$(BINDIR)/hubctl-emulator
	rm -f $(addprefix $(DESTDIR)$(MANDIR)/,$(notdir $(wildcard man/*.1)))
	rm -f $(DESTDIR)$(BASHCOMPDIR)/hubctl $(DESTDIR)$(ZSHCOMPDIR)/_hubctl $(DESTDIR)$(FISHCOMPDIR)/hubctl.fish
	rm -f $(addprefix $(DESTDIR)$(SYSTEMDDIR)/,$(SYSTEMD_UNITS))
	rm -f $(DESTDIR)$(EXAMPLESDIR)/hubctl-probe.rules.yml

bench: release
	bash bench/run.sh $(RELEASE_BIN)
	bash bench/fleet.sh $(RELEASE_BIN)
	bash bench/push.sh $(RELEASE_BIN)
	bash bench/startup.sh $(RELEASE_BIN)
	bash bench/registrations.sh $(RELEASE_BIN)
	bash bench/bundles.sh $(RELEASE_BIN)
	bash bench/upload.sh $(RELEASE_BIN)

clean:
	rm -rf .build
