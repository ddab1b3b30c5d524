# shellcheck shell=bash disable=SC2154  # the driver, scripts/bench, sets the variables read here
# Sourced by scripts/bench (not run on its own). vault breach on a local copy of the Pwned Passwords data (against look) and in batches
# against fake-hibp (against a one-at-a-time curl client).
# Reads skip_breach and the breach_* knobs, fake_hibp, vault, work. Sets breach_lines and
# breach_checks.

# ---------------------------------------------------------------------------
# Breach: vault breach on a local copy of the data and in batches against a
# local range server, next to look and a one-at-a-time curl client
# ---------------------------------------------------------------------------
# The offline file is about 450 MB, and sort may spill as much again.
breach_min_free_kib=$((2 * 1024 * 1024))
breach_latency_ms=20
# Runs of the peers that start one process per lookup (they are slow).
breach_peer_runs=3
breach_one_password=password

# write_breach_offline HASHES LOOKUPS LOOK_COUNT LOOKUPS_FILE KEYS_FILE:
# prints HASHES unsorted `SHA1:COUNT` lines (upper-case hex, CRLF), for
# breach_one_password and bench1 ... bench<HASHES-1>; writes LOOKUPS passwords
# to LOOKUPS_FILE, the first and every other one from those, the rest never
# listed (bench<HASHES> on), and the upper-case hashes of the first
# LOOK_COUNT of them to KEYS_FILE.
write_breach_offline() {
    python3 "$benchtool" write-breach-offline "$@" "$breach_one_password"
}

# write_breach_batch COUNT PASSWORDS_FILE DATA_FILE PREFIXES_FILE: COUNT random
# passwords of 16 letters and digits; the first and every other one is listed
# in DATA_FILE (fake-hibp's data, `SHA1:COUNT`); the distinct ranges (first 5
# hex digits of the hashes) go to PREFIXES_FILE, sorted.
write_breach_batch() {
    python3 "$benchtool" write-breach-batch "$@"
}

# The naive peer of the online batch: one password at a time, hashed with
# sha1sum, its range fetched with curl; prints how many were found.
write_breach_curl_client() {
    cat >"$1" <<'SH'
#!/usr/bin/env bash
# breach-curl-client URL < passwords
set -euo pipefail
found=0
while IFS= read -r password; do
    sum="$(printf '%s' "$password" | sha1sum)"
    hash="${sum%% *}"
    hash="${hash^^}"
    body="$(curl -fsS -H 'Add-Padding: true' "$1/range/${hash:0:5}")"
    # Its suffix on a line with a count other than 0 (padding lines have 0).
    if [[ $'\n'"$body" == *$'\n'"${hash:5}":[1-9]* ]]; then found=$((found + 1)); fi
done
echo "$found"
SH
}

# breach_verdicts FILE: "BREACHED TOTAL", the verdict lines of vault breach's
# text output.
breach_verdicts() {
    printf '%s %s\n' "$(grep -cE '^line [0-9]+: breached' -- "$1" || true)" \
        "$(grep -cE '^line [0-9]+: (breached|not found)' -- "$1" || true)"
}

# breach_batch_check OUT KNOWN COUNT ARGS...: `vault breach ARGS...`, stdin as
# given, text to OUT, stderr to $blog; true when it exits 10 (or 0 when
# nothing is known) with COUNT verdicts of which KNOWN breached. Sets
# breach_result to "FAILED (why)" otherwise.
breach_batch_check() {
    local out=$1 known=$2 count=$3 status=0 got
    shift 3
    "$vault" breach "$@" >"$out" 2>>"$blog" || status=$?
    if ((status != 10 && !(status == 0 && known == 0))); then
        breach_result="FAILED (exit status $status: $(tail -n 1 -- "$blog"))"
        return 1
    fi
    got="$(breach_verdicts "$out")"
    if [[ "$got" != "$known $count" ]]; then
        breach_result="FAILED (breached and total verdicts: $got, expected $known $count)"
        return 1
    fi
}

breach_lines=()
breach_checks=()
offline_rate=""
if [[ "$skip_breach" == 1 ]]; then
    breach_lines+=("breach: skipped (BENCH_SKIP_BREACH=1)")
else
    blog="$work/breach.log"
    : >"$blog"

    # 1. Offline, on a generated copy of the data.
    free_kib="$(df -Pk -- "$work" | awk 'NR == 2 { print $4 }')"
    if ! is_number "$free_kib" || ((free_kib < breach_min_free_kib)); then
        note="breach offline: skipped, ${free_kib:-?} KiB free where the bench writes ($work), 2 GiB needed"
        breach_lines+=("$note")
        log "$note"
    else
        hashes_file="$work/breach-hashes.txt"
        lookups_file="$work/breach-lookups.txt"
        keys_file="$work/breach-look-keys.txt"
        log "breach: generating $breach_hashes SHA1:COUNT lines sorted by hash ($(nproc) sort threads)"
        t0=$(date +%s%N)
        write_breach_offline "$breach_hashes" "$breach_lookups" "$breach_look_count" "$lookups_file" "$keys_file" |
            LC_ALL=C sort -S 25% --parallel="$(nproc)" -T "$work" -o "$hashes_file" ||
            die "could not generate the offline breach file"
        t1=$(date +%s%N)
        lines=$(wc -l <"$hashes_file")
        ((lines == breach_hashes)) || die "the offline breach file has $lines lines, not $breach_hashes"
        about_file="$breach_hashes lines, $(human_size "$(stat -c %s -- "$hashes_file")"), generated in $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", (b - a) / 1e9 }') s"
        log "breach: offline file: $about_file"
        known=$(((breach_lookups + 1) / 2))

        # The batch: one vault breach --offline over every lookup.
        name="vault breach --offline ($breach_lookups passwords)"
        log "breach: $name: check, then 1 warm-up + $breach_runs runs"
        line="breach offline ($about_file; page cache warm): $breach_lookups passwords, $known of them listed:"
        if breach_batch_check "$work/breach-out" "$known" "$breach_lookups" --offline "$hashes_file" <"$lookups_file"; then
            printf -v cmd '%q breach --offline %q < %q > /dev/null || [ $? -eq 10 ]' "$vault" "$hashes_file" "$lookups_file"
            if hyperfine --style basic --shell bash --warmup 1 --runs "$breach_runs" --command-name "$name" \
                --export-json "$work/breach-offline.json" "$cmd" >&2; then
                median="$(hyperfine_median_ms "$work/breach-offline.json")"
                offline_rate="$(rate "$breach_lookups" "$median")"
                breach_result="median $median ms ($offline_rate lookups/s)"
            else
                breach_result="FAILED (a run exited with neither 0 nor 10: see hyperfine's message on stderr)"
            fi
        fi
        [[ "$breach_result" != FAILED* ]] || log "breach: $name: $breach_result"
        line+=" vault breach --offline $breach_result"

        # The peer: look, one process per lookup.
        if command -v look >/dev/null 2>&1; then
            look_known=$(((breach_look_count + 1) / 2))
            name="look, one process per lookup ($breach_look_count lookups)"
            log "breach: $name: check, then $breach_peer_runs runs"
            status=0
            # xargs exits 123 when some look did (1: not found).
            LC_ALL=C xargs -I{} look {} "$hashes_file" <"$keys_file" >"$work/breach-look-out" 2>>"$blog" || status=$?
            got=$(wc -l <"$work/breach-look-out")
            if ((status != 0 && status != 123)); then
                look_result="FAILED (xargs exit status $status: $(tail -n 1 -- "$blog"))"
            elif ((got != look_known)); then
                look_result="FAILED (found $got of $breach_look_count hashes, expected $look_known)"
            else
                printf -v cmd 'LC_ALL=C xargs -I{} look {} %q < %q > /dev/null || [ $? -eq 123 ]' "$hashes_file" "$keys_file"
                if hyperfine --style basic --shell bash --runs "$breach_peer_runs" --command-name "$name" \
                    --export-json "$work/breach-look.json" "$cmd" >&2; then
                    median="$(hyperfine_median_ms "$work/breach-look.json")"
                    look_result="median $median ms for $breach_look_count lookups ($(rate "$breach_look_count" "$median") lookups/s, one process each through xargs)"
                else
                    look_result="FAILED (see hyperfine's message on stderr)"
                fi
            fi
        else
            look_result="skipped, not installed (util-linux, or bsdextrautils on Debian)"
        fi
        [[ "$look_result" != FAILED* ]] || log "breach: look: $look_result"
        line+="; look $look_result"
        breach_lines+=("$line")

        # One password in a fresh process: no index to build first.
        one="$work/breach-one"
        printf '%s\n' "$breach_one_password" >"$one"
        one_hash="$(printf '%s' "$breach_one_password" | sha1sum | cut -d' ' -f1 | tr 'a-f' 'A-F')"
        line="breach offline, one password in a fresh process ('$breach_one_password', listed):"
        log "breach: one password, fresh process: vault breach --offline, then look"
        if breach_batch_check "$work/breach-out" 1 1 --offline "$hashes_file" <"$one"; then
            printf -v cmd '%q breach --offline %q < %q > /dev/null || [ $? -eq 10 ]' "$vault" "$hashes_file" "$one"
            if hyperfine --style basic --shell bash --warmup 3 --min-runs 20 --command-name "vault breach --offline" \
                --export-json "$work/breach-one.json" "$cmd" >&2; then
                line+=" vault breach --offline median $(hyperfine_median_ms "$work/breach-one.json") ms;"
            else
                line+=" vault breach --offline FAILED (see hyperfine's message on stderr);"
            fi
        else
            line+=" vault breach --offline $breach_result;"
        fi
        # look needs no stdin, so no shell, whose start-up would swamp its time.
        if command -v look >/dev/null 2>&1; then
            printf -v cmd 'look %q %q' "$one_hash" "$hashes_file"
            if look "$one_hash" "$hashes_file" >/dev/null 2>>"$blog" &&
                hyperfine --style basic --shell=none --warmup 3 --min-runs 20 --command-name "look" \
                    --export-json "$work/breach-one-look.json" "$cmd" >&2; then
                line+=" look median $(hyperfine_median_ms "$work/breach-one-look.json") ms;"
            else
                line+=" look FAILED;"
            fi
        fi
        breach_lines+=("${line%;}")
        rm -f -- "$hashes_file" "$lookups_file" "$keys_file" "$work/breach-out" "$work/breach-look-out"
    fi

    # 2. Online, against fake-hibp with some latency per request.
    passwords="$work/breach-batch.txt"
    data="$work/breach-fake-hibp-data.txt"
    prefixes="$work/breach-prefixes.txt"
    requests="$work/breach-requests.log"
    port_file="$work/breach-port"
    write_breach_batch "$breach_batch" "$passwords" "$data" "$prefixes"
    ranges=$(wc -l <"$prefixes")
    known=$(((breach_batch + 1) / 2))
    line="breach online (fake-hibp, $breach_latency_ms ms per request; $breach_batch random passwords in $ranges ranges, $known of them listed):"
    log "breach: starting fake-hibp --latency $breach_latency_ms"
    : >"$requests"
    "$fake_hibp" --data "$data" --port-file "$port_file" --log "$requests" \
        --latency "$breach_latency_ms" >>"$blog" 2>&1 &
    fake_hibp_pid=$!
    port=""
    for ((i = 0; i < 300; i++)); do
        if [[ -s "$port_file" ]]; then port="$(<"$port_file")"; break; fi
        kill -0 "$fake_hibp_pid" 2>/dev/null || break
        sleep 0.1
    done
    if ! [[ "$port" =~ ^[0-9]+$ ]]; then
        line+=" FAILED (fake-hibp did not start: $(tail -n 1 -- "$blog"))"
        log "breach: fake-hibp did not start"
    else
        url="http://127.0.0.1:$port"
        name="vault breach --api-url ($breach_batch passwords)"
        log "breach: $name: check, then 1 warm-up + $breach_runs runs"
        if breach_batch_check "$work/breach-out" "$known" "$breach_batch" --api-url "$url" <"$passwords"; then
            # The server's log of that first run: one GET per distinct range.
            sent=$(wc -l <"$requests")
            if [[ "$(awk '{ print $1, $2, $3 }' "$requests" | LC_ALL=C sort)" != \
                "$(sed 's|^\(.*\)$|GET /range/\1 add-padding=true|' "$prefixes")" ]]; then
                requests_note="MISMATCH: $sent requests for $ranges ranges, not one padded GET per range"
            else
                requests_note="$sent requests, one per range: ok"
            fi
            log "breach: fake-hibp's log of the first run: $requests_note"
            printf -v cmd '%q breach --api-url %q < %q > /dev/null || [ $? -eq 10 ]' "$vault" "$url" "$passwords"
            if hyperfine --style basic --shell bash --warmup 1 --runs "$breach_runs" --command-name "$name" \
                --export-json "$work/breach-online.json" "$cmd" >&2; then
                median="$(hyperfine_median_ms "$work/breach-online.json")"
                breach_result="median $median ms ($(rate "$breach_batch" "$median") passwords/s; $requests_note)"
            else
                breach_result="FAILED (a run exited with neither 0 nor 10: see hyperfine's message on stderr)"
            fi
        fi
        [[ "$breach_result" != FAILED* ]] || log "breach: $name: $breach_result"
        line+=" vault breach $breach_result"

        # The peer: a naive client, one password at a time.
        if command -v curl >/dev/null 2>&1; then
            client="$work/breach-curl-client"
            write_breach_curl_client "$client"
            sample="$work/breach-curl-sample.txt"
            head -n "$breach_curl_count" -- "$passwords" >"$sample"
            sample_known=$(((breach_curl_count + 1) / 2))
            name="sha1sum + curl, one password at a time ($breach_curl_count passwords)"
            log "breach: $name: check, then $breach_peer_runs runs"
            if ! got="$(bash "$client" "$url" <"$sample" 2>>"$blog")"; then
                curl_result="FAILED ($(tail -n 1 -- "$blog"))"
            elif [[ "$got" != "$sample_known" ]]; then
                curl_result="FAILED (found $got of $breach_curl_count, expected $sample_known)"
            else
                printf -v cmd 'bash %q %q < %q > /dev/null' "$client" "$url" "$sample"
                if hyperfine --style basic --shell bash --runs "$breach_peer_runs" --command-name "$name" \
                    --export-json "$work/breach-curl.json" "$cmd" >&2; then
                    median="$(hyperfine_median_ms "$work/breach-curl.json")"
                    if ((breach_curl_count == breach_batch)); then
                        curl_result="median $median ms ($(rate "$breach_batch" "$median") passwords/s)"
                    else
                        scaled="$(awk -v m="$median" -v n="$breach_curl_count" -v b="$breach_batch" 'BEGIN { printf "%.1f", m * b / n }')"
                        curl_result="median $median ms for a sample of $breach_curl_count, scaled to $breach_batch: $scaled ms ($(rate "$breach_batch" "$scaled") passwords/s)"
                    fi
                else
                    curl_result="FAILED (see hyperfine's message on stderr)"
                fi
            fi
        else
            curl_result="skipped, curl is not installed"
        fi
        [[ "$curl_result" != FAILED* ]] || log "breach: curl: $curl_result"
        line+="; sha1sum + curl one at a time $curl_result"
    fi
    stop_fake_hibp
    breach_lines+=("$line")
    breach_lines+=("   (vault breach: one call over the batch, output to /dev/null, median of $breach_runs runs after 1"
        "    warm-up; look and the curl client: one process per lookup, median of $breach_peer_runs runs.)")

    breach_checks+=("$(target_check "breach offline, vault breach --offline" "$offline_rate" "lookups/s" ">=" 100000 100,000)")
fi
