# shellcheck shell=bash disable=SC2154  # the driver, scripts/bench, sets the variables read here
# Sourced by scripts/bench (not run on its own). vault at each size and KDF profile: bulk import, the file size, `vault get` (hyperfine)
# and `vault add` (benchtool time-add), each checked once first.
# Reads sizes, profiles, get_runs, add_runs, import_chunk, vault, work. Sets get_ms, add_ms (by
# PROFILE-N, in ms) and the store lines of the summary.

# Every command here derives the key, as the figures say (with cheap-kdf, a small derivation):
# a config of the section's own turns the keyrings off, or the kernel keyring would serve them.
store_config_home="$work/store-config"
mkdir -p "$store_config_home/vault"
printf '{"keyring": false}\n' >"$store_config_home/vault/config.json"
bench_config_home=$XDG_CONFIG_HOME
export XDG_CONFIG_HOME="$store_config_home"

declare -A get_ms=() add_ms=()
for n in "${sizes[@]}"; do
    middle_of "$n"
    log "generating a $n-entry export"
    write_export "$n" "$width" "$import_chunk" "$work/export-$n" "$work/expected"
    expected="$(<"$work/expected")"
    export_files=("$work/export-$n"-*.json)
    imports=""
    if ((${#export_files[@]} > 1)); then imports=" in ${#export_files[@]} imports"; fi

    for profile in "${profiles[@]}"; do
        label="$(printf '%-11s %6d entries' "$profile-kdf" "$n")"
        export VAULT_PATH="$work/vault-$profile-$n.json"
        vlog="$work/vault-$profile-$n.log"
        set_init_flags "$profile"
        "$vault" init "${init_flags[@]}" >"$vlog" 2>&1 || { show_log "$vlog"; die "vault init failed ($label)"; }

        t0=$(date +%s%N)
        for file in "${export_files[@]}"; do
            "$vault" import "$file" >>"$vlog" 2>&1 || { show_log "$vlog"; die "vault import failed ($label)"; }
        done
        t1=$(date +%s%N)
        bytes=$(stat -c %s -- "$VAULT_PATH")
        record "$(printf 'import %s: %.2f s%s, vault file %s' "$label" \
            "$(awk -v a="$t0" -v b="$t1" 'BEGIN { print (b - a) / 1e9 }')" "$imports" "$(human_size "$bytes")")"

        got="$("$vault" get "$middle" 2>>"$vlog")" || { show_log "$vlog"; die "vault get failed ($label)"; }
        [[ "$got" == "$expected" ]] || die "vault get $middle printed the wrong password ($label)"

        printf -v get_cmd '%q get %q' "$vault" "$middle"
        # --shell=none: vault runs directly; the password comes from the env file.
        hyperfine --style basic --shell=none --warmup "$get_warmup" --min-runs "$get_runs" \
            --command-name "vault get $middle ($profile-kdf, $n entries)" \
            --export-json "$work/get-$profile-$n.json" "$get_cmd" >&2 ||
            die "hyperfine failed on vault get ($label)"
        get_ms[$profile-$n]="$(hyperfine_median_ms "$work/get-$profile-$n.json")"
        record "get    $label: median ${get_ms[$profile-$n]} ms"

        runs=$add_runs
        if [[ "$profile" == default ]] && ((n >= big_vault && runs > big_add_runs)); then runs=$big_add_runs; fi
        log "vault add: $add_warmup warm-up + $runs timed runs ($label)"
        time_add "$runs" "$add_warmup" "bench-add/$profile" "$work/add-$profile-$n.json" ||
            die "vault add failed ($label)"
        add_ms[$profile-$n]="$(ms "$(json_field "$work/add-$profile-$n.json" median)")"
        record "add    $label: median ${add_ms[$profile-$n]} ms ($runs runs)"

        rm -f -- "$VAULT_PATH" "$VAULT_PATH.lock"
    done
    rm -f -- "${export_files[@]}"
done
unset VAULT_PATH
export XDG_CONFIG_HOME="$bench_config_home"
