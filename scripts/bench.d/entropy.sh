# shellcheck shell=bash disable=SC2154  # the driver, scripts/bench, sets the variables read here
# Sourced by scripts/bench (not run on its own). vault entropy (batch throughput, start-up, memory, long inputs), against the zxcvbn
# Python port and entropy-bench in process.
# Reads skip_entropy, entropy_count, entropy_runs, entropy_peer_rounds, zxcvbn_note,
# entropy_bench, vault, work. Sets entropy_lines and entropy_checks.

entropy_corpus=Benchmarks/Entropy/corpus.txt
entropy_one_password='Tr0ub4dor&3'
entropy_long_length=1000
# Seconds zxcvbn may spend on one long password before it is stopped.
zxcvbn_budget=10

# entropy_run OUT ARGS...: `vault entropy ARGS...`, stdin as given, stdout to
# OUT, stderr to $elog; exit status 10 (some password is weak) counts as success.
entropy_run() {
    local out=$1 status=0
    shift
    "$vault" entropy "$@" >"$out" 2>>"$elog" || status=$?
    ((status == 0 || status == 10))
}


# write_long_inputs FILE NAMES LENGTH: adversarial passwords of LENGTH
# characters (grapheme clusters), one per line in FILE, with what each one is
# on the same line of NAMES. Random ones come from a fixed seed.
write_long_inputs() {
    python3 "$benchtool" write-long-inputs "$@"
}

# zxcvbn_corpus_rate FILE ROUNDS: zxcvbn's passwords per second over FILE in
# one process (the median of ROUNDS rounds, after the module is loaded), run
# on the core the pin array names.
zxcvbn_corpus_rate() {
    "${pin[@]}" python3 "$benchtool" zxcvbn-corpus-rate "$@"
}

# zxcvbn_slowest FILE BUDGET: the slowest single password of FILE for zxcvbn.
# A child process estimates the passwords in order and reports each; the
# parent stops it when one takes more than BUDGET seconds. Prints "ms line" of
# the slowest finished one, or "over line" for the one that ran out of time.
# Both processes run on the core the pin array names.
zxcvbn_slowest() {
    "${pin[@]}" python3 "$benchtool" zxcvbn-slowest "$@"
}

entropy_check() { entropy_checks+=("$(target_check "$@")"); }

entropy_lines=()
entropy_checks=()
if [[ "$skip_entropy" == 1 ]]; then
    entropy_lines+=("entropy: skipped (BENCH_SKIP_ENTROPY=1)")
else
    elog="$work/entropy.log"
    : >"$elog"
    [[ -s "$entropy_corpus" ]] || die "no corpus at $entropy_corpus"
    corpus_count=$(wc -l <"$entropy_corpus")
    zxcvbn_about="zxcvbn $(python3 -c 'import importlib.metadata as m; print(m.version("zxcvbn"))' 2>/dev/null || echo '?'), Python $(python3 -c 'import platform; print(platform.python_version())')"
    # One core for the in-process figures, where taskset is to be had.
    pin=()
    pin_note="one core"
    if command -v taskset >/dev/null 2>&1; then
        pin=(taskset -c 0)
    else
        pin_note="NOT pinned to one core: no taskset"
        log "entropy: taskset is not installed, so the in-process figures are not pinned to one core"
    fi
    json_rate="" bench_rate="" bench_rss="" zxcvbn_rate="" one_ms="" batch_rss="" long_ms=""

    # 1. Throughput. The batch is the corpus over and over, entropy_count lines.
    batch="$work/entropy-batch.txt"
    awk -v n="$entropy_count" '{ line[NR] = $0 } END { for (i = 0; i < n; i++) print line[i % NR + 1] }' \
        "$entropy_corpus" >"$batch"
    line="entropy batch of $entropy_count lines, one call:"
    for mode in json text; do
        flags=()
        name="vault entropy" label="text mode"
        if [[ "$mode" == json ]]; then flags=(--json) name="vault entropy --json" label="--json"; fi
        log "entropy: $name over $entropy_count lines: check, then 1 warm-up + $entropy_runs runs"
        out="$work/entropy-check"
        if ! entropy_run "$out" "${flags[@]}" <"$batch"; then
            result="FAILED ($(tail -n 1 -- "$elog"))"
        else
            # One JSON object per password, or a verdict that opens with "line N: score".
            pattern='^line [0-9]+: score '
            [[ "$mode" == text ]] || pattern='^\{"line":'
            got=$(grep -cE -- "$pattern" "$out" || true)
            if ((got != entropy_count)); then
                result="FAILED (printed $got verdicts for $entropy_count lines)"
            else
                # In bash for the redirections; hyperfine subtracts the shell's start-up.
                printf -v cmd '%q entropy %s < %q > /dev/null || [ $? -eq 10 ]' "$vault" "${flags[*]}" "$batch"
                if hyperfine --style basic --shell bash --warmup 1 --runs "$entropy_runs" \
                    --command-name "$name ($entropy_count lines)" \
                    --export-json "$work/entropy-$mode.json" "$cmd" >&2; then
                    median="$(hyperfine_median_ms "$work/entropy-$mode.json")"
                    result="median $median ms ($(rate "$entropy_count" "$median")/s)"
                    [[ "$mode" != json ]] || json_rate="$(rate "$entropy_count" "$median")"
                else
                    result="FAILED (a run exited with neither 0 nor 10: see hyperfine's message on stderr)"
                fi
            fi
        fi
        rm -f -- "$out"
        [[ "$result" != FAILED* ]] || log "entropy: $name: $result"
        line+=" $label $result;"
    done
    entropy_lines+=("${line%;}")

    log "entropy: entropy-bench over the corpus ($pin_note)"
    if bench_out="$("${pin[@]}" "$entropy_bench" "$entropy_corpus" 2>>"$elog")"; then
        log_lines "$bench_out"
        bench_rate="$(sed -n 's/^entropy: .* \([0-9]*\) passwords\/s.*/\1/p' <<<"$bench_out")"
        bench_rss="$(sed -n 's/^entropy: peak memory.*: \([0-9.]*\) MiB.*/\1/p' <<<"$bench_out")"
        bench_rounds="$(sed -n 's/^entropy: .* x \([0-9]*\) rounds.*/\1/p' <<<"$bench_out")"
        line="entropy in process, $pin_note: entropy-bench ${bench_rate:-?}/s ($corpus_count passwords x ${bench_rounds:-?} rounds, median round)"
    else
        line="entropy in process: entropy-bench FAILED ($(tail -n 1 -- "$elog"))"
    fi
    if [[ -n "$zxcvbn_note" ]]; then
        line+="; $zxcvbn_note"
    else
        log "entropy: zxcvbn over the corpus in process, $entropy_peer_rounds round(s) ($pin_note)"
        if zxcvbn_rate="$(zxcvbn_corpus_rate "$entropy_corpus" "$entropy_peer_rounds" 2>>"$elog")"; then
            line+="; zxcvbn ${zxcvbn_rate}/s ($zxcvbn_about; median of $entropy_peer_rounds round(s) over the corpus)"
            line+="; vault/zxcvbn: x$(ratio "$bench_rate" "$zxcvbn_rate") in process, x$(ratio "$json_rate" "$zxcvbn_rate") for vault entropy --json"
        else
            zxcvbn_rate=""
            line+="; zxcvbn FAILED ($(tail -n 1 -- "$elog"))"
        fi
    fi
    entropy_lines+=("$line")

    # 2. One password in a fresh process, on stdin (this hyperfine has no
    # --input: the commands run in bash, which redirects).
    one="$work/entropy-one"
    printf '%s\n' "$entropy_one_password" >"$one"
    line="entropy one password in a fresh process ('$entropy_one_password' on stdin):"
    commands=() names=()
    if entropy_run /dev/null <"$one"; then
        printf -v cmd '%q entropy < %q > /dev/null || [ $? -eq 10 ]' "$vault" "$one"
        commands+=("$cmd") names+=("vault entropy")
    else
        line+=" vault entropy FAILED ($(tail -n 1 -- "$elog"));"
    fi
    if [[ -n "$zxcvbn_note" ]]; then
        zxcvbn_one="skipped"
    elif python3 -m zxcvbn <"$one" 2>>"$elog" | python3 -c 'import json, sys; json.load(sys.stdin)["score"]' 2>>"$elog"; then
        printf -v cmd 'python3 -m zxcvbn < %q > /dev/null' "$one"
        commands+=("$cmd") names+=("python3 -m zxcvbn")
    else
        zxcvbn_one="FAILED ($(tail -n 1 -- "$elog"))"
    fi
    if ((${#commands[@]} > 0)); then
        log "entropy: one password, fresh process: ${names[*]}"
        name_flags=()
        for name in "${names[@]}"; do name_flags+=(--command-name "$name"); done
        if hyperfine --style basic --shell bash --warmup 3 --min-runs 20 "${name_flags[@]}" \
            --export-json "$work/entropy-one.json" "${commands[@]}" >&2; then
            for i in "${!names[@]}"; do
                median="$(hyperfine_median_ms "$work/entropy-one.json" "$i")"
                [[ "${names[$i]}" != "vault entropy" ]] || one_ms="$median"
                line+=" ${names[$i]} median $median ms;"
            done
        else
            line+=" FAILED (hyperfine: see its message on stderr);"
        fi
    fi
    [[ -z "${zxcvbn_one:-}" ]] || line+=" python3 -m zxcvbn $zxcvbn_one;"
    entropy_lines+=("${line%;}")

    # 3. Memory: the batch run's peak RSS, with GNU time (in KiB), and entropy-bench's.
    line="entropy memory (peak RSS):"
    if [[ -x /usr/bin/time ]] && /usr/bin/time -f %M -o "$work/entropy-rss" true 2>/dev/null; then
        log "entropy: peak RSS of vault entropy --json over $entropy_count lines"
        status=0
        /usr/bin/time -f %M -o "$work/entropy-rss" "$vault" entropy --json <"$batch" >/dev/null 2>>"$elog" || status=$?
        # With a non-zero status, GNU time writes a line about it before %M.
        kib="$(tail -n 1 -- "$work/entropy-rss")"
        if ((status == 0 || status == 10)) && is_number "$kib"; then
            batch_rss="$(awk -v k="$kib" 'BEGIN { printf "%.1f", k / 1024 }')"
            line+=" vault entropy --json over $entropy_count lines $batch_rss MiB;"
        else
            line+=" vault entropy --json over $entropy_count lines FAILED (exit status $status);"
        fi
    else
        line+=" vault entropy --json: skipped, no GNU time at /usr/bin/time (apt-get install time);"
    fi
    line+=" entropy-bench over the corpus ${bench_rss:-?} MiB"
    entropy_lines+=("$line")

    # 4. Long inputs: the slowest single adversarial password.
    long="$work/entropy-long.txt"
    write_long_inputs "$long" "$work/entropy-long-names.txt" "$entropy_long_length"
    mapfile -t long_names <"$work/entropy-long-names.txt"
    long_count=${#long_names[@]}
    log "entropy: entropy-bench over $long_count adversarial passwords of $entropy_long_length characters ($pin_note)"
    line="entropy long inputs ($long_count passwords of $entropy_long_length characters):"
    if bench_out="$("${pin[@]}" "$entropy_bench" "$long" 2>>"$elog")"; then
        log_lines "$bench_out"
        long_ms="$(sed -n 's/^entropy: slowest single password: \([0-9.]*\) ms.*/\1/p' <<<"$bench_out")"
        long_at="$(sed -n 's/^entropy: slowest single password: .*(line \([0-9]*\),.*/\1/p' <<<"$bench_out")"
        long_rounds="$(sed -n 's/^entropy: .* x \([0-9]*\) rounds.*/\1/p' <<<"$bench_out")"
        line+=" entropy-bench slowest ${long_ms:-?} ms (line ${long_at:-?}: ${long_names[${long_at:-1} - 1]:-?}; the worst of ${long_rounds:-?} rounds)"
    else
        line+=" entropy-bench FAILED ($(tail -n 1 -- "$elog"))"
    fi
    if [[ -n "$zxcvbn_note" ]]; then
        line+="; $zxcvbn_note"
    else
        log "entropy: zxcvbn over the same passwords, at most $zxcvbn_budget s each ($pin_note)"
        if peer_out="$(zxcvbn_slowest "$long" "$zxcvbn_budget" 2>>"$elog")"; then
            read -r peer_ms peer_at <<<"$peer_out"
            if [[ "$peer_ms" == over ]]; then
                line+="; zxcvbn >$zxcvbn_budget s on line $peer_at (${long_names[peer_at - 1]}), so the $((long_count - peer_at)) after it were skipped"
            else
                line+="; zxcvbn slowest $peer_ms ms (line $peer_at: ${long_names[peer_at - 1]})"
            fi
        else
            line+="; zxcvbn FAILED ($(tail -n 1 -- "$elog"))"
        fi
    fi
    entropy_lines+=("$line")
    if [[ "$pin_note" != "one core" ]]; then entropy_lines+=("   ($pin_note)"); fi

    entropy_check "entropy throughput, in process, one core" "$bench_rate" "passwords/s" ">=" 50000 50,000
    entropy_check "entropy throughput, vault entropy --json" "$json_rate" "passwords/s" ">=" 50000 50,000
    entropy_check "entropy one password, fresh process" "$one_ms" ms "<" 25
    # 64 MB is 61.0 MiB.
    entropy_check "entropy memory, vault entropy --json batch" "$batch_rss" MiB "<" 61.0
    entropy_check "entropy memory, entropy-bench" "$bench_rss" MiB "<" 61.0
    entropy_check "entropy slowest long password" "$long_ms" ms "<" 50
fi
