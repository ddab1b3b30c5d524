# shellcheck shell=bash disable=SC2154  # the driver, scripts/bench, sets the variables read here
# Sourced by scripts/bench (not run on its own). vault import of other managers' exports:
# BENCH_INTERCHANGE_RECORDS records (10,000) in Bitwarden JSON, KeePass XML, Chrome CSV and
# LastPass CSV (benchtool write-foreign), each imported into a new cheap-kdf vault, median of
# hyperfine runs (the vault is made anew before each run, untimed); against `vault list` on the
# empty vault (start-up, one derivation, an empty open), so that the difference is the import
# beyond one KDF, which the issue bounds at 2 s. The peer: keepassxc-cli import of the same
# KeePass XML into a new database, against keepassxc-cli db-create, both with a 100 ms KDF
# target (their difference is KeePassXC's import beyond its KDF), reported only.
# Reads skip_interchange, interchange_records, interchange_runs, vault, work. Sets
# interchange_lines and interchange_checks.

interchange_lines=()
interchange_checks=()
if [[ "$skip_interchange" == 1 ]]; then
    interchange_lines+=("interchange: skipped (BENCH_SKIP_INTERCHANGE=1)")
else
    ilog="$work/interchange.log"
    ivault="$work/interchange.json"
    printf -v init_cmd '%q init --vault %q --no-keyring --kdf-memory-mib 8 --kdf-iterations 1 --kdf-parallelism 1' "$vault" "$ivault"
    log "interchange: empty-vault baseline (vault list)"
    rm -f -- "$ivault"
    eval "$init_cmd" >>"$ilog" 2>&1 || { show_log "$ilog"; die "vault init failed (interchange)"; }
    hyperfine --style basic -N --warmup 1 --runs "$interchange_runs" --export-json "$work/interchange-list.json" \
        "$vault list --vault $ivault --no-keyring" >&2 || die "hyperfine failed on vault list"
    baseline="$(hyperfine_median_ms "$work/interchange-list.json")"
    interchange_lines+=("interchange: vault list on an empty cheap-kdf vault (start-up + one derivation): median $baseline ms")
    for format in bitwarden-json keepass-xml chrome-csv lastpass-csv; do
        file="$work/foreign-$format"
        python3 "$benchtool" write-foreign "$interchange_records" "$format" "$file"
        log "interchange: $format, $interchange_records records: check, then $interchange_runs runs"
        rm -f -- "$ivault"
        eval "$init_cmd" >>"$ilog" 2>&1 || { show_log "$ilog"; die "vault init failed (interchange)"; }
        if ! "$vault" import "$file" --vault "$ivault" --no-keyring >>"$ilog" 2>&1; then
            show_log "$ilog"
            interchange_lines+=("interchange: $format: FAILED (vault import exited non-zero)")
            continue
        fi
        listed="$("$vault" list --vault "$ivault" --no-keyring 2>>"$ilog" | wc -l)"
        if ((listed != interchange_records)); then
            interchange_lines+=("interchange: $format: FAILED ($listed entries after the import, expected $interchange_records)")
            continue
        fi
        printf -v prepare 'rm -f %q && %s' "$ivault" "$init_cmd"
        hyperfine --style basic --warmup 1 --runs "$interchange_runs" --prepare "$prepare" \
            --export-json "$work/interchange-$format.json" \
            "$vault import $file --vault $ivault --no-keyring" >&2 2>>"$ilog" || die "hyperfine failed on vault import ($format)"
        median="$(hyperfine_median_ms "$work/interchange-$format.json")"
        beyond="$(awk -v m="$median" -v b="$baseline" 'BEGIN { printf "%.1f", m - b }')"
        size="$(human_size "$(stat -c %s "$file")")"
        interchange_lines+=("$(printf 'interchange: import %-15s %6d records (%s): median %s ms, %s ms beyond the empty-vault baseline' \
            "$format" "$interchange_records" "$size" "$median" "$beyond")")
        interchange_checks+=("$(target_check "import $format, $interchange_records records, beyond one KDF" "$beyond" "ms" "<" 2000 2,000)")
    done
    if command -v keepassxc-cli >/dev/null 2>&1; then
        log "interchange: peer, keepassxc-cli import of the same KeePass XML: $interchange_runs runs"
        kdb="$work/interchange-peer.kdbx"
        printf 'bench-password\nbench-password\n' >"$work/interchange-peer-password"
        peer_input="$work/interchange-peer-password"
        hyperfine --style basic --warmup 1 --runs "$interchange_runs" --prepare "rm -f $kdb" \
            --export-json "$work/interchange-peer-create.json" \
            "keepassxc-cli db-create -q -p -t 100 $kdb < $peer_input" >&2 2>>"$ilog" || die "hyperfine failed on keepassxc-cli db-create"
        hyperfine --style basic --warmup 1 --runs "$interchange_runs" --prepare "rm -f $kdb" \
            --export-json "$work/interchange-peer-import.json" \
            "keepassxc-cli import -q -p -t 100 $work/foreign-keepass-xml $kdb < $peer_input" >&2 2>>"$ilog" || die "hyperfine failed on keepassxc-cli import"
        create="$(hyperfine_median_ms "$work/interchange-peer-create.json")"
        imported="$(hyperfine_median_ms "$work/interchange-peer-import.json")"
        beyond="$(awk -v m="$imported" -v b="$create" 'BEGIN { printf "%.1f", m - b }')"
        interchange_lines+=("$(printf 'interchange: peer keepassxc-cli import %6d records (KeePass XML): median %s ms, %s ms beyond db-create (%s ms)' \
            "$interchange_records" "$imported" "$beyond" "$create")")
    else
        interchange_lines+=("interchange: peer keepassxc-cli: not installed, skipped")
    fi
fi
