# shellcheck shell=bash disable=SC2154  # the driver, scripts/bench, sets the variables read here
# Sourced by scripts/bench (not run on its own). The key cached in the Secret Service (a get inside one scripts/with-keyring session)
# against deriving it every time, and what noticing there is no Secret Service costs.
# Reads keyring_size, profiles, skip_keyring, vault, work. Sets the keyring lines and figures of
# the summary.

klog="$work/keyring.log"

# keyring_gets MIDDLE EXPECTED_FILE PROFILE...: run inside scripts/with-keyring.
# For each profile's vault $work/keyring-PROFILE.json: `vault unlock` with the
# password file; a check that `vault get MIDDLE` with VAULT_PASSWORD_FILE unset
# and no controlling terminal (so nothing but the cached key can open the
# vault) prints the password in EXPECTED_FILE; then hyperfine on that get
# (keyring-PROFILE-cached.json) and on `vault get --no-keyring MIDDLE` with
# the password file (keyring-PROFILE-derived.json); finally `vault lock`.
keyring_gets() {
    local middle=$1 expected profile got get_cmd
    expected="$(<"$2")"
    shift 2
    for profile in "$@"; do
        export VAULT_PATH="$work/keyring-$profile.json"
        "$vault" unlock 2>>"$klog" || { show_log "$klog"; die "vault unlock failed ($profile-kdf)"; }
        got="$(env -u VAULT_PASSWORD_FILE setsid -w "$vault" get "$middle" </dev/null 2>>"$klog")" ||
            { show_log "$klog"; die "vault get without a password failed: the key is not cached ($profile-kdf)"; }
        [[ "$got" == "$expected" ]] || die "vault get $middle printed the wrong password with the cached key ($profile-kdf)"

        printf -v get_cmd '%q get %q' "$vault" "$middle"
        env -u VAULT_PASSWORD_FILE hyperfine --style basic --shell=none --warmup "$get_warmup" --min-runs "$get_runs" \
            --command-name "vault get $middle, key cached ($profile-kdf)" \
            --export-json "$work/keyring-$profile-cached.json" "$get_cmd" >&2 ||
            die "hyperfine failed on vault get with the cached key ($profile-kdf)"
        printf -v get_cmd '%q get --no-keyring %q' "$vault" "$middle"
        hyperfine --style basic --shell=none --warmup "$get_warmup" --min-runs "$get_runs" \
            --command-name "vault get --no-keyring $middle ($profile-kdf)" \
            --export-json "$work/keyring-$profile-derived.json" "$get_cmd" >&2 ||
            die "hyperfine failed on vault get --no-keyring ($profile-kdf)"
        "$vault" lock 2>>"$klog" || { show_log "$klog"; die "vault lock failed ($profile-kdf)"; }
    done
}

# keyring_fallback CASE MIDDLE EXPECTED_FILE: where no Secret Service is to be
# had, checks that `vault status` finds the Secret Service unavailable and that
# `vault get MIDDLE` prints the password in EXPECTED_FILE, then times, in one
# hyperfine run (fallback-CASE.json), `vault get MIDDLE` with the keyring
# enabled and `vault get --no-keyring MIDDLE`, both with the password file.
keyring_fallback() {
    local case=$1 middle=$2 expected keyring got get_cmd nokeyring_cmd
    expected="$(<"$3")"
    keyring="$("$vault" status --json 2>>"$klog" | python3 -c 'import json, sys
print(next(k["available"] for k in json.load(sys.stdin)["keyrings"] if k["name"] == "Secret Service"))')" ||
        { show_log "$klog"; die "vault status failed (fallback $case)"; }
    [[ "$keyring" == False ]] || die "vault status finds the Secret Service available (fallback $case)"
    got="$("$vault" get "$middle" 2>>"$klog")" || { show_log "$klog"; die "vault get failed (fallback $case)"; }
    [[ "$got" == "$expected" ]] || die "vault get $middle printed the wrong password (fallback $case)"

    printf -v get_cmd '%q get %q' "$vault" "$middle"
    printf -v nokeyring_cmd '%q get --no-keyring %q' "$vault" "$middle"
    # Each run starts with the key in no keyring (`vault lock`), so that the get looks for the
    # Secret Service, derives the key, and keeps it in the kernel keyring.
    hyperfine --style basic --shell=none --warmup "$get_warmup" --min-runs "$get_runs" --prepare "$vault lock" \
        --command-name "vault get $middle, keyring enabled ($case)" \
        --command-name "vault get --no-keyring $middle ($case)" \
        --export-json "$work/fallback-$case.json" "$get_cmd" "$nokeyring_cmd" >&2 ||
        die "hyperfine failed on the fallback ($case)"
}

# in_session [--bus-only] FUNCTION ARGS...: FUNCTION (of this script) run once
# by scripts/with-keyring, so that its bus (and keyring) serve all its runs.
in_session() {
    local options=()
    if [[ "$1" == --bus-only ]]; then options=(--bus-only); shift; fi
    (
        export vault work klog get_runs get_warmup
        # shellcheck disable=SC2163 # $1 names the function to export
        export -f log die show_log "$1"
        # shellcheck disable=SC2016 # "$@" is for the inner bash
        scripts/with-keyring "${options[@]}" bash -c 'set -euo pipefail; "$@"' in-session "$@"
    )
}

keyring_lines=()
declare -A cached_ms=() overhead_ms=()
if [[ "$skip_keyring" == 1 ]]; then
    keyring_lines+=("keyring: skipped (BENCH_SKIP_KEYRING=1)")
else
    n=$keyring_size
    middle_of "$n"
    log "keyring: generating a $n-entry export"
    write_export "$n" "$width" "$import_chunk" "$work/export-keyring" "$work/keyring-expected"
    for profile in "${profiles[@]}"; do
        export VAULT_PATH="$work/keyring-$profile.json"
        set_init_flags "$profile"
        "$vault" init "${init_flags[@]}" >>"$klog" 2>&1 || { show_log "$klog"; die "vault init failed (keyring, $profile-kdf)"; }
        for file in "$work/export-keyring"-*.json; do
            "$vault" import "$file" >>"$klog" 2>&1 || { show_log "$klog"; die "vault import failed (keyring, $profile-kdf)"; }
        done
    done
    rm -f -- "$work/export-keyring"-*.json

    log "keyring: cached key against --no-keyring, in one scripts/with-keyring session"
    in_session keyring_gets "$middle" "$work/keyring-expected" "${profiles[@]}" ||
        die "the keyring session failed (scripts/with-keyring exits 125 when it cannot start one)"
    for profile in "${profiles[@]}"; do
        label="$(printf '%-11s %6d entries' "$profile-kdf" "$n")"
        cached_ms[$profile]="$(hyperfine_median_ms "$work/keyring-$profile-cached.json")"
        derived="$(hyperfine_median_ms "$work/keyring-$profile-derived.json")"
        keyring_lines+=("keyring get $label: cached median ${cached_ms[$profile]} ms, --no-keyring median $derived ms (difference $(difference "${cached_ms[$profile]}" "$derived") ms)")
    done

    # On the cheap-kdf vault where there is one: its derivation adds least noise.
    fallback_profile=cheap
    [[ " ${profiles[*]} " == *" cheap "* ]] || fallback_profile="${profiles[0]}"
    export VAULT_PATH="$work/keyring-$fallback_profile.json"
    # (a) As everywhere in this script: no DBUS_SESSION_BUS_ADDRESS, and no bus
    # socket in XDG_RUNTIME_DIR.
    [[ -z "${DBUS_SESSION_BUS_ADDRESS:-}" && ! -e "$XDG_RUNTIME_DIR/bus" ]] || die "a session bus is in reach"
    log "keyring: fallback with no bus"
    keyring_fallback no-bus "$middle" "$work/keyring-expected"
    log "keyring: fallback with a bus and no Secret Service (scripts/with-keyring --bus-only)"
    in_session --bus-only keyring_fallback bus-without-service "$middle" "$work/keyring-expected" ||
        die "the bus-only session failed (scripts/with-keyring exits 125 when it cannot start one)"
    for case in no-bus bus-without-service; do
        enabled="$(hyperfine_median_ms "$work/fallback-$case.json" 0)"
        disabled="$(hyperfine_median_ms "$work/fallback-$case.json" 1)"
        overhead_ms[$case]="$(difference "$enabled" "$disabled")"
        keyring_lines+=("$(printf 'fallback %-20s %s ms over --no-keyring (get median %s ms, --no-keyring %s ms; %s-kdf, %d entries)' \
            "$case:" "${overhead_ms[$case]}" "$enabled" "$disabled" "$fallback_profile" "$n")")
    done
fi
unset VAULT_PATH
