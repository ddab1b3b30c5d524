# shellcheck shell=bash disable=SC2154  # the driver, scripts/bench, sets the variables read here
# Sourced by scripts/bench (not run on its own). Where a cached `vault get` spends its time: the
# derived key in the kernel keyring (no bus, no Secret Service: the sandbox has neither), on a
# cheap-kdf vault of each of BENCH_CACHED_SIZES entries (100, 1,000 and 10,000), imported with
# --no-keyring so that nothing is cached before `vault unlock`. What follows runs in ONE new
# session keyring of the bench's own (`keyctl session -`), which dies with it: `vault unlock`
# with the password file (its key checked to be in that session keyring), a check that `vault
# get MIDDLE` with VAULT_PASSWORD_FILE unset and no terminal prints the right password, then one
# hyperfine run of a statically linked Swift "hello world" the bench builds (the floor: a Swift
# program's start), `vault --version` (vault's start alone), that get, `vault otp` of an entry
# with a TOTP (bench/otp, added to each vault), `vault read vault://MIDDLE` and the completion
# scripts' `vault complete-entries --shell bash -- get` (with the name list it keeps in the
# runtime folder, made by the check before; and through `env -u XDG_RUNTIME_DIR`, which keeps
# none, so that it reads the whole vault each time), under `setsid -w` with the password
# file unset (so that a lost key fails rather than asks), and `vault lock`. At the
# peers' size, cached_peer_size (the first size of at least 1,000, or the last size when none
# is; at every size with BENCH_CACHED_PEERS_ALL=1), the same run also times `pass show
# site/MIDDLE` and `gopass show site/MIDDLE` (Debian's gopass, a Go clone of pass that reads the
# same store with the same gpg) on a store of the same entries (pass.sh's pass_store, encrypted
# to its throw-away key), each first checked to print the right password (which also starts
# gpg-agent, which then holds the key); a peer that is missing or fails that check is left out
# with a note. The gpg-agent is stopped at the end of the section.
# Targets (issue 36, start-up at the Swift floor): `vault --version` at most 1.5 ms above the
# floor; at up to 1,000 entries the cached get, otp and read at most 3 ms above it, and the get
# at most half of `gopass show`; the completion under 10 ms. Above 1,000 entries, up to 10,000,
# the get at most 12 ms; and when both sizes are measured, the get at 10,000 entries at most
# 1.5 ms slower than at 100 (issue 35: a vault of 10,000 entries answers get as fast as one of 100).
# Reads skip_cached, cached_sizes, cached_peers_all, get_runs, get_warmup, import_chunk, swift,
# vault, work. Sets cached_lines, cached_checks and cached_peer_size (the audit's vault).

# cached_gets SIZE...: run inside `keyctl session -`, in a session keyring of its own. For each
# SIZE, on the vault $work/cached-vault-SIZE.json: a check that nothing opens it yet without
# the password file; `vault unlock` with it, and a check that the key is now in this session
# keyring; a check that `vault get MIDDLE` with VAULT_PASSWORD_FILE unset and no controlling
# terminal prints the password in $work/cached-expected-SIZE; then one hyperfine run
# (cached-get-SIZE.json) of the commands named in cached_names (the floor $work/swift-hello,
# `vault --version`, that get, otp, read, the completion and the completion without the name
# list, in that order), then the peers
# listed in $work/cached-peers-SIZE (pass, gopass: on the store $work/cached-store-SIZE), with
# the password file unset and no terminal; finally `vault lock`.
cached_gets() {
    local n width middle expected got peer words command
    local -a peers commands names
    for n in "$@"; do
        middle_of "$n"
        expected="$(<"$work/cached-expected-$n")"
        export VAULT_PATH="$work/cached-vault-$n.json"
        if env -u VAULT_PASSWORD_FILE setsid -w "$vault" get "$middle" </dev/null >/dev/null 2>>"$clog"; then
            die "vault get opened the $n-entry vault without a password before vault unlock"
        fi
        "$vault" unlock 2>>"$clog" || { show_log "$clog"; die "vault unlock failed ($n entries)"; }
        keyctl show @s 2>>"$clog" | grep -q 'user: vault:key:' ||
            { show_log "$clog"; die "vault unlock kept no key in the bench's session keyring ($n entries)"; }
        got="$(env -u VAULT_PASSWORD_FILE setsid -w "$vault" get "$middle" </dev/null 2>>"$clog")" ||
            { show_log "$clog"; die "vault get without a password failed: the key is not cached ($n entries)"; }
        [[ "$got" == "$expected" ]] || die "vault get $middle printed the wrong password with the cached key ($n entries)"

        [[ "$(env -u VAULT_PASSWORD_FILE setsid -w "$vault" read "vault://$middle" </dev/null 2>>"$clog")" == "$expected" ]] ||
            { show_log "$clog"; die "vault read vault://$middle did not print the password ($n entries)"; }
        [[ "$(env -u VAULT_PASSWORD_FILE setsid -w "$vault" otp bench/otp </dev/null 2>>"$clog")" =~ ^[0-9]{6}$ ]] ||
            { show_log "$clog"; die "vault otp bench/otp printed no code ($n entries)"; }
        got="$(env -u VAULT_PASSWORD_FILE setsid -w "$vault" complete-entries --shell bash -- get </dev/null 2>>"$clog")" ||
            { show_log "$clog"; die "the completion failed ($n entries)"; }
        grep -qxF "$middle" <<<"$got" || die "the completion did not offer $middle ($n entries)"

        # Each word quoted as a shell would read it, which is how hyperfine --shell=none splits.
        commands=()
        for words in "$work/swift-hello" "$vault|--version" "$vault|get|$middle" "$vault|otp|bench/otp" \
            "$vault|read|vault://$middle" "$vault|complete-entries|--shell|bash|--|get" \
            "env|-u|XDG_RUNTIME_DIR|$vault|complete-entries|--shell|bash|--|get"; do
            IFS='|' read -r -a words <<<"$words"
            printf -v command '%q ' "${words[@]}"
            commands+=("${command% }")
        done
        names=(--command-name "swift hello world (the floor)" --command-name "vault --version"
            --command-name "vault get $middle, key cached" --command-name "vault otp bench/otp, key cached"
            --command-name "vault read vault://$middle, key cached" --command-name "vault complete-entries (bash), key cached"
            --command-name "vault complete-entries (bash), key cached, no name list kept (through env -u XDG_RUNTIME_DIR)")
        peers=()
        [[ ! -s "$work/cached-peers-$n" ]] || read -r -a peers <"$work/cached-peers-$n"
        for peer in "${peers[@]}"; do
            commands+=("$peer show $middle")
            names+=(--command-name "$peer show $middle")
        done
        log "cached: $n entries: hyperfine on ${#commands[@]} commands"
        # --shell=none: each command runs directly. No terminal: a lost key fails, it cannot ask.
        env -u VAULT_PASSWORD_FILE PASSWORD_STORE_DIR="$work/cached-store-$n" \
            setsid -w hyperfine --style basic --shell=none --warmup "$get_warmup" --min-runs "$get_runs" \
            "${names[@]}" --export-json "$work/cached-get-$n.json" "${commands[@]}" </dev/null >&2 ||
            die "hyperfine failed on the cached get ($n entries)"
        "$vault" lock 2>>"$clog" || { show_log "$clog"; die "vault lock failed ($n entries)"; }
    done
}

# cached_verdict VALUE TARGET: "met" when VALUE <= TARGET, else "not met".
cached_verdict() { awk -v v="$1" -v t="$2" 'BEGIN { print (v <= t ? "met" : "not met") }'; }
# cached_check LABEL VALUE UNIT TARGET [TARGET_TEXT]: adds one line to the summary's checks.
cached_check() { cached_checks+=("$(target_check "$1" "$2" "$3" "<=" "$4" "${5:-}")"); }

cached_lines=()
cached_checks=()
if [[ "$skip_cached" == 1 ]]; then
    cached_lines+=("cached: skipped (BENCH_SKIP_CACHED=1)")
else
    clog="$work/cached.log"
    # As everywhere in this script: no DBUS_SESSION_BUS_ADDRESS, and no bus socket in
    # XDG_RUNTIME_DIR, so that only the kernel keyring can keep the key.
    [[ -z "${DBUS_SESSION_BUS_ADDRESS:-}" && ! -e "$XDG_RUNTIME_DIR/bus" ]] || die "a session bus is in reach"

    # The size at which the peers are timed: the first of at least 1,000 entries (the gopass
    # target's), or the last when none is.
    cached_peer_size=${cached_sizes[-1]}
    for n in "${cached_sizes[@]}"; do
        if ((n >= 1000)); then
            cached_peer_size=$n
            break
        fi
    done
    # cached_peers_at N: whether the peers are timed at N entries.
    cached_peers_at() { [[ "$1" == "$cached_peer_size" || "$cached_peers_all" == 1 ]]; }

    # The peers: what is installed. cached_note says why a peer is left out.
    declare -A cached_note=()
    for peer in pass gopass; do
        cached_note[$peer]="$(pass_missing "$peer" gpg)"
    done
    cached_key=0
    if [[ -z "${cached_note[pass]}" || -z "${cached_note[gopass]}" ]]; then
        if pass_key "$clog"; then
            cached_key=1
            # For the peers' runs in cached_gets, which run vault too: the key's GNUPGHOME alone
            # (pass_env's HOME would move vault's state folder).
            export GNUPGHOME="$work/gnupg"
        else
            show_log "$clog"
            cached_note[pass]="${cached_note[pass]:-making the throw-away gpg key failed}"
            cached_note[gopass]="${cached_note[gopass]:-making the throw-away gpg key failed}"
        fi
    fi

    for n in "${cached_sizes[@]}"; do
        middle_of "$n"
        log "cached: generating a $n-entry export"
        write_export "$n" "$width" "$import_chunk" "$work/export-cached-$n" "$work/cached-expected-$n"
        expected="$(<"$work/cached-expected-$n")"
        vault_file="$work/cached-vault-$n.json"
        rm -f -- "$vault_file"
        "$vault" init --vault "$vault_file" --no-keyring --kdf-memory-mib 8 --kdf-iterations 1 --kdf-parallelism 1 >>"$clog" 2>&1 ||
            { show_log "$clog"; die "vault init failed (cached, $n entries)"; }
        for file in "$work/export-cached-$n"-*.json; do
            "$vault" import "$file" --vault "$vault_file" --no-keyring >>"$clog" 2>&1 ||
                { show_log "$clog"; die "vault import failed (cached, $n entries)"; }
        done
        # The one-time code's entry: a password, then RFC 6238's example secret.
        printf 'otp-entry-password\nJBSWY3DPEHPK3PXP\n' |
            "$vault" add bench/otp --otp --vault "$vault_file" --no-keyring >>"$clog" 2>&1 ||
            { show_log "$clog"; die "vault add --otp failed (cached, $n entries)"; }

        peers=()
        if cached_peers_at "$n"; then
            if ((cached_key)); then
                log "cached: a pass store of the same $n entries"
                t0=$(date +%s%N)
                if pass_store "$work/cached-store-$n" "$work/export-cached-$n" >>"$clog" 2>&1; then
                    log "cached: store set-up took $(awk -v a="$t0" -v b="$(date +%s%N)" 'BEGIN { printf "%.1f", (b - a) / 1e9 }') s"
                else
                    show_log "$clog"
                    cached_note[pass]="${cached_note[pass]:-making the store failed}"
                    cached_note[gopass]="${cached_note[gopass]:-making the store failed}"
                fi
            fi
            for peer in pass gopass; do
                [[ -z "${cached_note[$peer]:-}" ]] || continue
                # Checked once: the first line is the entry's password.
                got="$(PASSWORD_STORE_DIR="$work/cached-store-$n" "$peer" show "$middle" </dev/null 2>>"$clog" | head -n 1)" || true
                if [[ "$got" == "$expected" ]]; then
                    peers+=("$peer")
                else
                    show_log "$clog"
                    cached_note[$peer]="$peer show printed the wrong password"
                fi
            done
        fi
        printf '%s\n' "${peers[*]}" >"$work/cached-peers-$n"
        rm -f -- "$work/export-cached-$n"-*.json
    done

    # The floor: a Swift program that only prints, linked as vault is (the runtime in the binary,
    # Package.swift's startUpLinkerSettings: lld, no exported symbols, packed relocations).
    printf 'print("hello")\n' >"$work/swift-hello.swift"
    swiftc="$(dirname -- "$(command -v -- "$swift")")/swiftc"
    "$swiftc" -O -static-stdlib -use-ld=lld -Xlinker --no-export-dynamic -Xlinker -z -Xlinker pack-relative-relocs \
        "$work/swift-hello.swift" -o "$work/swift-hello" 2>>"$clog" ||
        { show_log "$clog"; die "swiftc could not build the hello world (the floor)"; }

    log "cached: vault unlock, the cached get and its peers, in one session keyring of the bench's own"
    (
        export vault work clog get_runs get_warmup
        export -f log die show_log middle_of cached_gets
        # shellcheck disable=SC2016 # "$@" is for the inner bash
        keyctl session - bash -c 'set -euo pipefail; cached_gets "$@"' cached-session "${cached_sizes[@]}"
    ) || die "the cached get failed in its session keyring (keyctl session -)"

    declare -A cached_get_ms=()
    for n in "${cached_sizes[@]}"; do
        json="$work/cached-get-$n.json"
        floor="$(hyperfine_median_ms "$json" 0)"
        version="$(hyperfine_median_ms "$json" 1)"
        get="$(hyperfine_median_ms "$json" 2)"
        otp="$(hyperfine_median_ms "$json" 3)"
        read="$(hyperfine_median_ms "$json" 4)"
        complete="$(hyperfine_median_ms "$json" 5)"
        complete_whole="$(hyperfine_median_ms "$json" 6)"
        cached_get_ms[$n]=$get
        line="cached $n entries: floor (swift hello) $floor ms, vault --version $version ms"
        line+=" ($(difference "$version" "$floor") ms), get $get ms ($(difference "$get" "$floor") ms),"
        line+=" otp $otp ms ($(difference "$otp" "$floor") ms), read $read ms ($(difference "$read" "$floor") ms),"
        line+=" completion $complete ms (reading the whole vault, without the name list kept: $complete_whole ms)"
        if ((n <= 1000)); then
            cached_check "$(printf 'cached %6d entries: --version - floor' "$n")" "$(difference "$version" "$floor")" ms 1.5 +1.5
            for command in get otp read; do
                cached_check "$(printf 'cached %6d entries: %-4s - floor' "$n" "$command")" \
                    "$(difference "${!command}" "$floor")" ms 3 +3
            done
            cached_check "$(printf 'cached %6d entries: completion' "$n")" "$complete" ms 10
        elif ((n <= 10000)); then
            line+=" (get target <= 12 ms: $(cached_verdict "$get" 12))"
            cached_check "$(printf 'cached get %6d entries' "$n")" "$get" ms 12
        fi
        if cached_peers_at "$n"; then
            read -r -a peers <"$work/cached-peers-$n" || peers=()
            gopass_ms=""
            index=7
            for peer in pass gopass; do
                if [[ " ${peers[*]} " == *" $peer "* ]]; then
                    peer_ms="$(hyperfine_median_ms "$json" "$index")"
                    index=$((index + 1))
                    line+=", $peer show $peer_ms ms"
                    [[ "$peer" != gopass ]] || gopass_ms=$peer_ms
                else
                    line+=", $peer show unavailable (${cached_note[$peer]:-not measured})"
                fi
            done
            if [[ -n "$gopass_ms" ]]; then
                share="$(awk -v a="$get" -v b="$gopass_ms" 'BEGIN { printf "%.2f", a / b }')"
                if ((n <= 1000)); then
                    line+=" (vault/gopass $share; target <= 0.5: $(cached_verdict "$share" 0.5))"
                    cached_check "$(printf 'cached get %6d entries / gopass show' "$n")" "$share" "" 0.5
                else
                    line+=" (vault/gopass $share)"
                fi
            elif ((n <= 1000)); then
                line+=" (vault/gopass: target <= 0.5: not measured)"
                cached_check "$(printf 'cached get %6d entries / gopass show' "$n")" "" "" 0.5
            fi
        fi
        cached_lines+=("$line")
    done
    # Issue 35: the get does not grow with the vault (the header, the index and one entry).
    if [[ -n "${cached_get_ms[100]:-}" && -n "${cached_get_ms[10000]:-}" ]]; then
        grown="$(difference "${cached_get_ms[10000]}" "${cached_get_ms[100]}")"
        cached_lines+=("cached get 10000 entries against 100: $grown ms (target <= +1.5 ms: $(cached_verdict "$grown" 1.5))")
        cached_check "cached get  10000 - 100 entries" "$grown" ms 1.5 +1.5
    fi
    if ((cached_key)); then
        pass_agent_stop
        unset GNUPGHOME
    fi
fi
