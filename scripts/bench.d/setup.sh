# shellcheck shell=bash disable=SC2154,SC2034  # knobs.sh sets the settings read here; the parts after it read what this sets
# Sourced by scripts/bench (not run on its own), after the settings are read. Gets the run ready:
# checks that the tools it needs are installed (and installs the zxcvbn Python module when it is
# missing), builds the binaries that were not given, and makes the private sandbox that every
# file of the run lives in.
# Reads the settings. Sets vault, kdf_bench, entropy_bench, fake_hibp (absolute paths), work,
# bench_figures, zxcvbn_note, started and load_start; exports the sandbox's HOME, XDG_* and
# VAULT_PASSWORD_FILE; removes the results file of an earlier run.

# A kernel session keyring of the bench's own, as a login gets one: the keys that its vault
# commands cache there end with it rather than stay in the user keyring.
if command -v keyctl >/dev/null 2>&1; then keyctl new_session >/dev/null 2>&1 || true; fi

# ---------------------------------------------------------------------------
# Tools
# ---------------------------------------------------------------------------
for tool in hyperfine python3 argon2; do
    command -v "$tool" >/dev/null 2>&1 || die "$tool is not installed (scripts/setup --bench installs it)"
done
if [[ "$skip_keyring" != 1 ]]; then
    for tool in dbus-daemon dbus-send gnome-keyring-daemon setsid; do
        command -v "$tool" >/dev/null 2>&1 || die "$tool is not installed (needed by the keyring section; BENCH_SKIP_KEYRING=1 leaves it out)"
    done
fi
if [[ "$skip_cached" != 1 ]]; then
    for tool in keyctl setsid; do
        command -v "$tool" >/dev/null 2>&1 || die "$tool is not installed (needed by the cached get section; BENCH_SKIP_CACHED=1 leaves it out)"
    done
fi

# The entropy section's peer, the zxcvbn Python module: installed with pip into
# the python3 on PATH when it is missing; its figures are skipped if that fails.
zxcvbn_note=""
if [[ "$skip_entropy" != 1 ]]; then
    if ! python3 -c 'import zxcvbn' 2>/dev/null; then
        log "entropy: the zxcvbn Python module is missing: python3 -m pip install --quiet zxcvbn"
        if ! python3 -m pip install --quiet zxcvbn >&2 || ! python3 -c 'import zxcvbn' 2>/dev/null; then
            zxcvbn_note="zxcvbn: skipped, python3 cannot import it and pip did not change that"
            log "entropy: $zxcvbn_note"
        fi
    fi
    # The sandbox below gives HOME a new value, which would hide a module that
    # pip put under the user's ~/.local: keep Python's user directory as it is.
    PYTHONUSERBASE="${PYTHONUSERBASE:-$(python3 -c 'import site; print(site.getuserbase())')}"
    export PYTHONUSERBASE
fi

started=$(date +%s%N)
load_start="$(cut -d' ' -f1 /proc/loadavg)"

# ---------------------------------------------------------------------------
# Binaries: a release build of each one that is not given, with the Swift runtime linked in as
# `make install` does (no $ORIGIN run path); with vault, vault-network beside it (audit and breach run in it).
# ---------------------------------------------------------------------------
products=()
[[ -n "$vault" ]] || products+=(vault vault-network)
[[ -n "$kdf_bench" ]] || products+=(kdf-bench)
[[ "$skip_entropy" == 1 || -n "$entropy_bench" ]] || products+=(entropy-bench)
[[ "$skip_breach" == 1 || -n "$fake_hibp" ]] || products+=(fake-hibp)
if ((${#products[@]} > 0)); then
    bin_dir="$("$swift" build -c release --static-swift-stdlib --disable-local-rpath "${swift_flags[@]}" --show-bin-path)"
    for product in "${products[@]}"; do
        log "building $product (release)"
        "$swift" build -c release --static-swift-stdlib --disable-local-rpath "${swift_flags[@]}" --product "$product" >&2
    done
    vault="${vault:-$bin_dir/vault}"
    kdf_bench="${kdf_bench:-$bin_dir/kdf-bench}"
    entropy_bench="${entropy_bench:-$bin_dir/entropy-bench}"
    fake_hibp="${fake_hibp:-$bin_dir/fake-hibp}"
fi
[[ -x "$vault" ]] || die "no vault binary at $vault"
# Where vault looks for it (Sources/VaultCommands/Program/NetworkCompanion.swift); the audit and
# the breach check run in it.
vault_folder="$(dirname -- "$(realpath -- "$vault")")"
if [[ "$skip_audit" != 1 || "$skip_breach" != 1 ]] &&
    [[ ! -x "$vault_folder/vault-network" && ! -x "$(dirname -- "$vault_folder")/libexec/vault/vault-network" ]]; then
    die "no vault-network beside $vault or in ../libexec/vault (vault audit and vault breach run in it)"
fi
[[ -x "$kdf_bench" ]] || die "no kdf-bench binary at $kdf_bench"
vault="$(realpath -- "$vault")"
kdf_bench="$(realpath -- "$kdf_bench")"
if [[ "$skip_entropy" != 1 ]]; then
    [[ -x "$entropy_bench" ]] || die "no entropy-bench binary at $entropy_bench"
    entropy_bench="$(realpath -- "$entropy_bench")"
fi
if [[ "$skip_breach" != 1 ]]; then
    [[ -x "$fake_hibp" ]] || die "no fake-hibp binary at $fake_hibp"
    fake_hibp="$(realpath -- "$fake_hibp")"
fi

# ---------------------------------------------------------------------------
# Private sandbox
# ---------------------------------------------------------------------------
work="$(mktemp -d "${TMPDIR:-/tmp}/vault-bench.XXXXXXXX")"
# The breach section's fake-hibp server, while one runs: stopped on any exit.
fake_hibp_pid=""
stop_fake_hibp() {
    if [[ -n "$fake_hibp_pid" ]]; then
        kill -TERM "$fake_hibp_pid" 2>/dev/null || true
        wait "$fake_hibp_pid" 2>/dev/null || true
        fake_hibp_pid=""
    fi
}
# The gpg-agent of the pass peers' throw-away key (pass.sh), if one was started: stopped too.
trap 'stop_fake_hibp; pass_agent_stop; rm -rf -- "$work"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

(umask 077 && printf '%s\n' "bench-$(LC_ALL=C tr -dc 'A-Za-z0-9' </dev/urandom | head -c 24)" >"$work/master")
export VAULT_PASSWORD_FILE="$work/master"
export HOME="$work/home" XDG_DATA_HOME="$work/home/.local/share" XDG_CONFIG_HOME="$work/home/.config"
mkdir -p "$HOME"
# No session bus: the desktop's keyring is never used, and this empty runtime
# directory holds no bus socket either (the "no bus" case of the fallback).
unset DBUS_SESSION_BUS_ADDRESS
export XDG_RUNTIME_DIR="$work/run"
mkdir -m 700 "$XDG_RUNTIME_DIR"
# The password of every entry that `vault add` creates (one line on stdin).
printf 'Added-Entry-Passw0rd\n' >"$work/add-input"
# The password `argon2` reads: exactly "password", as `echo -n password |` gives.
printf 'password' >"$work/argon2-input"
# Every checked figure, appended by target_check (lib.sh), for the results file.
bench_figures="$work/figures.tsv"
: >"$bench_figures"
# The results file is written at the end: until then, none from an earlier run may stand in
# for this one, should it fail.
rm -f -- "$results_file"
