# shellcheck shell=bash disable=SC2154  # the driver, scripts/bench, sets the variables read here
# Sourced by scripts/bench (not run on its own). What one edit costs a vault kept in git: the
# growth of the remote's history and the time of the edit and its sync, against pass doing the
# same in the same run (issue 35). For each of BENCH_GROWTH_SIZES (1,000 and 10,000 entries):
# write_export's entries imported into a new cheap-kdf vault in a folder of its own, `vault sync
# init` to a new bare remote on local disk and a first `vault sync`; then `git gc --aggressive
# --prune=now` on the remote, and BENCH_GROWTH_EDITS edits (20), each `vault edit NAME
# --username ...` followed by `vault sync`, a different entry each time, each timed on its own;
# then gc again. The growth per edit is what the files under the remote's objects/ gained,
# divided by the edits; the time is the median edit + sync. Every command derives the (cheap) key:
# --no-keyring. The peer: a pass store of the same entries (pass.sh's, encrypted to its
# throw-away key), `pass git init` and pushed to a bare remote of its own, gc'd the same way,
# the same entries edited as many times, each `pass insert -f -m NAME` with the login line
# changed (the entry is decrypted first, untimed) followed by `pass git push`. Each side is
# checked once at the end: the remote gained a commit per edit at least. A side that fails is
# reported as FAILED and its figures as not measured; without pass or gpg the peer is skipped
# with a note.
# Targets (issue 35): at most 2 KiB of growth per edit at every size; up to 1,000 entries, the
# median edit + sync at most 1.5 times pass's insert + push (reported only above 1,000).
# Reads skip_growth, growth_sizes, growth_edits, import_chunk, vault, work, VAULT_PASSWORD_FILE.
# Sets growth_lines and growth_checks.

# growth_objects REMOTE: the bytes of the files under the bare repository REMOTE's objects/.
growth_objects() { find "$1/objects" -type f -printf '%s\n' | awk '{ s += $1 } END { print s + 0 }'; }

# growth_measure REMOTE PREPARE RUN: gc on REMOTE, then for each edit I of growth_edits, on the
# entry NAME that growth_name gives, `PREPARE I NAME` (untimed) and `RUN I NAME` (timed), then gc
# again. Sets growth_kib (the growth of
# REMOTE's objects per edit, KiB) and growth_ms (the median RUN, ms). Fails when a command does
# or REMOTE did not gain a commit per edit; the commands' messages go to $glog.
growth_measure() {
    local remote=$1 prepare=$2 run=$3 i name t0 t1 before after commits
    local times="$gdir/times"
    git -C "$remote" gc -q --aggressive --prune=now >>"$glog" 2>&1 || return 1
    before=$(growth_objects "$remote")
    commits=$(git -C "$remote" rev-list --count --all)
    : >"$times"
    for ((i = 1; i <= growth_edits; i++)); do
        printf -v name 'site/%0*d' "$width" $((1 + ((i - 1) * n) / growth_edits))
        "$prepare" "$i" "$name" >>"$glog" 2>&1 || return 1
        t0=$(date +%s%N)
        "$run" "$i" "$name" >>"$glog" 2>&1 </dev/null || return 1
        t1=$(date +%s%N)
        echo $((t1 - t0)) >>"$times"
    done
    (($(git -C "$remote" rev-list --count --all) >= commits + growth_edits)) || {
        echo "the remote did not gain a commit per edit" >>"$glog"
        return 1
    }
    git -C "$remote" gc -q --aggressive --prune=now >>"$glog" 2>&1 || return 1
    after=$(growth_objects "$remote")
    growth_kib="$(awk -v a="$after" -v b="$before" -v k="$growth_edits" 'BEGIN { printf "%.2f", (a - b) / k / 1024 }')"
    growth_ms="$(sort -n "$times" | awk '{ t[NR] = $1 }
        END { printf "%.1f", (NR % 2 ? t[(NR + 1) / 2] : (t[NR / 2] + t[NR / 2 + 1]) / 2) / 1e6 }')"
}

# growth_vault ARGUMENTS...: vault ARGUMENTS on the vault of the folder $gv, with no keyring (the
# cheap key derived every time) and vault sync's git under gv_env.
growth_vault() { "${gv_env[@]}" "$vault" "$@" --vault "$gv/vault.json" --no-keyring; }

# growth_vault_setup: the vault of $gv: write_export's n entries imported into a new cheap-kdf
# vault, `vault sync init` to the new bare remote $gv.git, and a first sync.
growth_vault_setup() {
    local file
    growth_vault init --kdf-memory-mib 8 --kdf-iterations 1 --kdf-parallelism 1 || return 1
    for file in "$gdir/export-$n"-*.json; do growth_vault import "$file" || return 1; done
    git init -q --bare -b main "$gv.git" && growth_vault sync init "$gv.git" && growth_vault sync
}

# The two sides' PREPARE and RUN (growth_measure's), I the edit and NAME its entry: on the vault
# of $gv, and on the pass store $gp (its entry with the new login written to $gdir/entry first).
growth_vault_prepare() { :; }
growth_vault_edit() { growth_vault edit "$2" --username "edited-$1" && growth_vault sync; }
growth_pass_prepare() { pass_relogin "$gp" "$2" "edited-$1" "$gdir/entry"; }
growth_pass_edit() { pass_run "$gp" insert -f -m "$2" <"$gdir/entry" && pass_run "$gp" git push -q; }

glog="$work/growth.log"
gdir="$work/growth"
# vault's git (vault sync runs it) with a HOME without configuration and the bench's identity.
gv_env=(env HOME="$gdir/home" "${git_identity[@]}")
growth_lines=()
growth_checks=()
if [[ "$skip_growth" == 1 ]]; then
    growth_lines+=("growth: skipped (BENCH_SKIP_GROWTH=1)")
else
    mkdir -p -- "$gdir/home"
    peer_note="$(pass_missing pass gpg)"
    if [[ -z "$peer_note" ]] && ! pass_key "$glog"; then
        show_log "$glog"
        peer_note="making the throw-away gpg key failed"
    fi
    for n in "${growth_sizes[@]}"; do
        middle_of "$n"
        log "growth: generating a $n-entry export"
        write_export "$n" "$width" "$import_chunk" "$gdir/export-$n" "$gdir/expected"

        log "growth: vault, $n entries: import, sync init, then $growth_edits edits, each with vault sync"
        gv="$gdir/vault-$n"
        rm -rf -- "$gv" "$gv.git"
        mkdir -p -- "$gv"
        vault_kib="" vault_ms="" bytes=""
        if ! growth_vault_setup >>"$glog" 2>&1 </dev/null; then
            vault_result="FAILED (setting up the synced vault failed: $(tail -n 1 -- "$glog"))"
        elif ! growth_measure "$gv.git" growth_vault_prepare growth_vault_edit; then
            vault_result="FAILED (an edit or its sync failed: $(tail -n 1 -- "$glog"))"
        else
            vault_kib=$growth_kib vault_ms=$growth_ms
            bytes=$(stat -c %s -- "$gv/vault.json")
            vault_result="$vault_kib KiB per edit (target <= 2 KiB), edit + sync median $vault_ms ms; vault file $(human_size "$bytes")"
        fi
        [[ "$vault_result" != FAILED* ]] || { show_log "$glog"; log "growth: vault, $n entries: $vault_result"; }
        growth_lines+=("growth: vault, $n entries, $growth_edits edits + vault sync, git gc --aggressive: $vault_result")
        growth_checks+=("$(target_check "$(printf 'git growth per edit + sync %6d entries' "$n")" "$vault_kib" KiB "<=" 2)")
        rm -rf -- "$gv" "$gv.git"

        pass_ms=""
        gp="$gdir/pass-$n"
        if [[ -n "$peer_note" ]]; then
            pass_result="skipped ($peer_note)"
        else
            log "growth: pass, $n entries: a store, pushed, then $growth_edits edits, each with pass git push"
            t0=$(date +%s%N)
            if ! { pass_store "$gp" "$gdir/export-$n" && pass_publish "$gp" "$gp.git"; } >>"$glog" 2>&1 </dev/null; then
                pass_result="FAILED (setting up the pushed store failed: $(tail -n 1 -- "$glog"))"
            else
                log "growth: pass store set-up took $(awk -v a="$t0" -v b="$(date +%s%N)" 'BEGIN { printf "%.1f", (b - a) / 1e9 }') s"
                if ! growth_measure "$gp.git" growth_pass_prepare growth_pass_edit; then
                    pass_result="FAILED (an insert or its push failed: $(tail -n 1 -- "$glog"))"
                else
                    pass_ms=$growth_ms
                    pass_result="$growth_kib KiB per edit, insert + push median $pass_ms ms"
                fi
            fi
            [[ "$pass_result" != FAILED* ]] || { show_log "$glog"; log "growth: pass, $n entries: $pass_result"; }
        fi
        growth_lines+=("growth: pass,  $n entries, $growth_edits edits (pass insert -f -m) + pass git push, the same gc: $pass_result")
        rm -rf -- "$gp" "$gp.git" "$gdir/export-$n"-*.json

        share=""
        if [[ -n "$vault_ms" && -n "$pass_ms" ]]; then
            share="$(awk -v a="$vault_ms" -v b="$pass_ms" 'BEGIN { printf "%.2f", a / b }')"
        fi
        if ((n <= 1000)); then
            growth_lines+=("growth: edit + sync against pass insert + push, $n entries: ${share:-not measured} (target <= 1.5)")
            growth_checks+=("$(target_check "$(printf 'edit + sync %6d entries / pass' "$n")" "$share" "" "<=" 1.5)")
        else
            growth_lines+=("growth: edit + sync against pass insert + push, $n entries: ${share:-not measured} (reported only)")
        fi
    done
    pass_agent_stop
fi
