# shellcheck shell=bash disable=SC2154  # the driver, scripts/bench, sets the variables read here
# Sourced by scripts/bench (not run on its own). vault generate --count N for passwords and passphrases, against pwgen and xkcdpass.
# Reads skip_generator, gen_count, gen_runs, vault, work. Sets the generator lines of the summary.

# gen_measure NAME REGEX COMMAND...: checks that one run of COMMAND prints
# exactly gen_count lines, every one matching the extended REGEX, then times
# it with hyperfine (no shell, output to /dev/null) into gen-NAME.json. Sets
# gen_result to "median X ms (Y/s)", or to "FAILED (why)": a failure is
# reported in the summary, and the rest of the bench goes on.
gen_measure() {
    local name=$1 regex=$2 out="$work/gen-check" err="$work/gen-check.log" lines bad cmd median
    shift 2
    log "generator: $name ($gen_count), check, then 1 warm-up + $gen_runs runs"
    if ! "$@" >"$out" 2>"$err"; then
        gen_result="FAILED ($(tail -n 1 -- "$err"))"
    else
        lines=$(wc -l <"$out")
        bad=$(grep -cvE -- "$regex" "$out" || true)
        if ((lines != gen_count)); then
            gen_result="FAILED (printed $lines lines, not $gen_count)"
        elif ((bad > 0)); then
            gen_result="FAILED ($bad lines do not match $regex, e.g. '$(grep -vE -m 1 -- "$regex" "$out")')"
        else
            printf -v cmd '%q ' "$@"
            if hyperfine --style basic --shell=none --output=null --warmup 1 --runs "$gen_runs" \
                --command-name "$name" --export-json "$work/gen-$name.json" "${cmd% }" >&2; then
                median="$(hyperfine_median_ms "$work/gen-$name.json")"
                gen_result="$(awk -v m="$median" -v n="$gen_count" 'BEGIN { printf "median %.1f ms (%.0f/s)", m, n / (m / 1000) }')"
            else
                gen_result="FAILED (a warm-up or timed run exited non-zero: see hyperfine's message on stderr)"
            fi
        fi
    fi
    rm -f -- "$out" "$err"
    [[ "$gen_result" != FAILED* ]] || log "generator: $name: $gen_result"
}

gen_lines=()
if [[ "$skip_generator" == 1 ]]; then
    gen_lines+=("generate: skipped (BENCH_SKIP_GENERATOR=1)")
else
    # Passwords: vault's default policy (20 characters of 94, at least one of
    # each class); pwgen -s: 20 of 62 (letters and digits), -1: one per line.
    gen_measure vault-passwords '^[!-~]{20}$' "$vault" generate --count "$gen_count"
    line="generate passwords $gen_count: vault $gen_result"
    if command -v pwgen >/dev/null 2>&1; then
        gen_measure pwgen '^[A-Za-z0-9]{20}$' pwgen -s -1 20 "$gen_count"
        line+="; pwgen -s $gen_result"
    else
        line+="; pwgen: skipped, not installed"
    fi
    gen_lines+=("$line")

    # Passphrases: 6 words of the EFF large list joined by "-" (a few of its
    # words have a hyphen of their own, hence 6 or more parts).
    phrase_regex='^[a-z]+(-[a-z]+){5,}$'
    gen_measure vault-passphrases "$phrase_regex" "$vault" generate --count "$gen_count" --words 6
    line="generate passphrases $gen_count: vault $gen_result"
    if command -v xkcdpass >/dev/null 2>&1; then
        # Its EFF long list whole (7,776 words, as vault's) where it has one:
        # by default it keeps only the words of 5 to 9 letters.
        if xkcdpass -w eff-long -c 1 >/dev/null 2>&1; then
            xkcd_list=(-w eff-long --min 1 --max 100)
            xkcd_about="-w eff-long --min 1 --max 100"
        else
            xkcd_list=()
            xkcd_about="its default list, it has no eff-long"
        fi
        xkcd_words="$(xkcdpass "${xkcd_list[@]}" -V -n 6 -c 1 2>/dev/null |
            sed -n 's/.*list contains \([0-9]*\) words.*/\1/p')" || true
        gen_measure xkcdpass "$phrase_regex" xkcdpass "${xkcd_list[@]}" -n 6 -d - -c "$gen_count"
        line+="; xkcdpass $gen_result [$xkcd_about: ${xkcd_words:-?} words]"
    else
        line+="; xkcdpass: skipped, not installed"
    fi
    gen_lines+=("$line")
    gen_lines+=("   (one call each, output to /dev/null, median of $gen_runs runs after 1 warm-up. Passwords: vault"
        "    20 of 94 characters with one of each class, pwgen -s 20 of 62: letters and digits.)")
fi
