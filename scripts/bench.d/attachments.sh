# shellcheck shell=bash disable=SC2154  # the driver, scripts/bench, sets the variables read here
# Sourced by scripts/bench (not run on its own). Whether attachments cost a `vault get` of a
# password anything (issue 39: a get in a vault with 50 MiB of attachments is no slower than
# without, within noise): write_export's BENCH_ATTACH_ENTRIES entries (1,000) imported into a
# new cheap-kdf vault, which is then copied, and the copy given BENCH_ATTACH_MIB MiB (50) of
# random files, in five files of a fifth each on five entries (`vault attach add
# --keep-metadata`). Each `vault get MIDDLE` is checked to print the right password, then one
# hyperfine run times both (each derives the cheap key: --no-keyring). The figure is the
# difference of the medians, against the noise: the larger interquartile range of the two.
# Reads skip_attachments, attach_entries, attach_mib, get_runs, get_warmup, import_chunk, vault,
# work. Sets attachments_lines.

attachments_lines=()
if [[ "$skip_attachments" == 1 ]]; then
    attachments_lines+=("attachments: skipped (BENCH_SKIP_ATTACHMENTS=1)")
else
    adir="$work/attachments"
    alog="$adir/log"
    mkdir -p "$adir/plain" "$adir/heavy"
    middle_of "$attach_entries"
    attach_vault() { "$vault" "$@" --no-keyring 2>>"$alog"; }
    attachments_ready() {
        local file i
        set_init_flags cheap
        attach_vault init "${init_flags[@]}" --vault "$adir/plain/vault.json" || return 1
        write_export "$attach_entries" "$width" "$import_chunk" "$adir/export" "$adir/expected"
        for file in "$adir/export"-*.json; do attach_vault import "$file" --vault "$adir/plain/vault.json" || return 1; done
        cp -- "$adir/plain/vault.json" "$adir/heavy/vault.json"
        for ((i = 1; i <= 5; i++)); do
            head -c $((attach_mib * 1024 * 1024 / 5)) /dev/urandom >"$adir/file-$i.bin"
            printf -v name 'site/%0*d' "$width" "$i"
            attach_vault attach add "$name" "$adir/file-$i.bin" --keep-metadata --vault "$adir/heavy/vault.json" || return 1
            rm -f -- "$adir/file-$i.bin"
        done
        for side in plain heavy; do
            [[ "$(attach_vault get "$middle" --vault "$adir/$side/vault.json")" == "$(<"$adir/expected")" ]] || return 1
        done
    }
    log "attachments: $attach_entries entries, with and without $attach_mib MiB of attachments"
    if ! attachments_ready; then
        show_log "$alog"
        attachments_lines+=("attachments: FAILED (making or checking the vaults; see the log above)")
    elif hyperfine --style basic --shell=none --output=null --warmup "$get_warmup" --runs "$get_runs" \
        --command-name "vault get $middle, no attachments" --command-name "vault get $middle, $attach_mib MiB of attachments" \
        --export-json "$adir/get.json" \
        "$(printf '%q ' "$vault" get "$middle" --no-keyring --vault "$adir/plain/vault.json")" \
        "$(printf '%q ' "$vault" get "$middle" --no-keyring --vault "$adir/heavy/vault.json")" >&2; then
        plain_ms="$(hyperfine_median_ms "$adir/get.json" 0)"
        heavy_ms="$(hyperfine_median_ms "$adir/get.json" 1)"
        noise_ms="$(awk -v a="$(python3 "$benchtool" spread "$adir/get.json" 0)" -v b="$(python3 "$benchtool" spread "$adir/get.json" 1)" \
            'BEGIN { printf "%.1f", (a > b ? a : b) }')"
        sealed="$(du -sm "$adir/heavy/vault.json.attachments" | cut -f1)"
        attachments_lines+=("attachments: vault get at $attach_entries entries (cheap KDF, key derived): $plain_ms ms without attachments, $heavy_ms ms with $attach_mib MiB ($sealed MiB sealed beside the vault): $(difference "$heavy_ms" "$plain_ms") ms, noise (larger interquartile range) $noise_ms ms")
        attachments_lines+=("$(target_check "get with attachments, minus without" "$(difference "$heavy_ms" "$plain_ms")" ms "<=" "$noise_ms" "the noise, $noise_ms")")
    else
        attachments_lines+=("attachments: FAILED (a timed run exited non-zero: see hyperfine's message on stderr)")
    fi
    rm -rf -- "$adir/plain" "$adir/heavy"
fi
