# shellcheck shell=bash disable=SC2154  # the driver, scripts/bench, sets the variables read here
# Sourced by scripts/bench (not run on its own). vault sync merge-driver, the three-way merge
# git runs on a vault file: an ancestor of BENCH_SYNC_RECORDS entries (10,000: the write-foreign
# records, imported from KeePass XML into a new cheap-kdf vault) and two copies of it, ours and
# theirs, each changed BENCH_SYNC_CHANGES times (100) with vault's own commands (edit --username,
# edit --password, add, rm, mv; the changes are benchtool write-sync's), min(10, changes / 2) of
# the entries changed on both sides, so that conflicts are merged too. The merge is checked once
# (exit 0, and the result opens with the number of entries write-sync works out), then timed:
# median of BENCH_SYNC_RUNS hyperfine runs, our copy put back before each (untimed). Against
# `vault list` on an empty cheap-kdf vault (start-up, one derivation, an empty open): the three
# copies share password and salt, so the driver derives the key once, and the difference is the
# merge beyond the KDF, which issue 35 bounds at 300 ms (issue 16's bound was 1 s). The peer:
# keepassxc-cli merge (two-way) of two KeePass databases made from the same records with the same
# changes (write-sync's ours.xml and theirs.xml, imported with a 100 ms KDF target), against
# keepassxc-cli ls of one of them (start-up and one KDF), reported only.
# Then `vault sync` end to end between two machines and a bare remote on local disk, on
# BENCH_SYNC_E2E_RECORDS entries (1,000) with BENCH_SYNC_E2E_CHANGES (10) changed on each. Its
# peer, reported only: pass syncing the same way over git, a store of as many gpg files (pass.sh's
# throw-away key) with as many entries changed on each machine (different ones: git merges whole
# files), B's `pass git pull --no-rebase --no-edit && pass git push` timed; skipped with a note
# without pass or gpg.
# Reads skip_sync, sync_records, sync_changes, sync_runs, sync_e2e_records, sync_e2e_changes,
# vault, work, VAULT_PASSWORD_FILE.
# Sets sync_lines and sync_checks.

# sync_apply TSV FILE: makes the changes listed in TSV (write-sync's: OP NAME [VALUE] per line,
# tab-separated) in the vault FILE, one vault command each, a new password on standard input;
# their messages go to $slog. Fails at the first command that fails.
sync_apply() {
    local tsv=$1 file=$2 op name value
    local -a opts=(--vault "$file" --no-keyring --password-file "$VAULT_PASSWORD_FILE")
    while IFS=$'\t' read -r -u 3 op name value; do
        case "$op" in
            username) "$vault" edit "$name" --username "$value" "${opts[@]}" </dev/null ;;
            password) printf '%s\n' "$value" | "$vault" edit "$name" --password "${opts[@]}" ;;
            add) printf '%s\n' "$value" | "$vault" add "$name" "${opts[@]}" ;;
            rm) "$vault" rm "$name" --yes "${opts[@]}" </dev/null ;;
            mv) "$vault" mv "$name" "$value" "${opts[@]}" </dev/null ;;
            *) printf 'unknown change %s in %s\n' "$op" "$tsv"; false ;;
        esac >>"$slog" 2>&1 || return 1
    done 3<"$tsv"
}

# sync_timed NAME PREPARE COMMAND: hyperfine runs of COMMAND (through the shell, as the e2e
# command's variables need), PREPARE before each; sets median and beyond (past $baseline).
sync_timed() {
    hyperfine --style basic --warmup 1 --runs "$sync_runs" --prepare "$2" --export-json "$work/$1.json" "$3" >&2 2>>"$slog" ||
        return 1
    median="$(hyperfine_median_ms "$work/$1.json")"
    beyond="$(awk -v m="$median" -v b="$baseline" 'BEGIN { printf "%.1f", m - b }')"
}

sync_lines=()
sync_checks=()
if [[ "$skip_sync" == 1 ]]; then
    sync_lines+=("sync: skipped (BENCH_SKIP_SYNC=1)")
else
    slog="$work/sync.log"
    sdir="$work/sync"
    mkdir -p -- "$sdir"
    sopts=(--no-keyring --password-file "$VAULT_PASSWORD_FILE")
    cheap=(--kdf-memory-mib 8 --kdf-iterations 1 --kdf-parallelism 1)
    base="$sdir/base.json" ours="$sdir/ours.json" theirs="$sdir/theirs.json" merged="$sdir/merged.json"

    log "sync: empty-vault baseline (vault list)"
    rm -f -- "$sdir/empty.json"
    "$vault" init --vault "$sdir/empty.json" "${sopts[@]}" "${cheap[@]}" >>"$slog" 2>&1 || { show_log "$slog"; die "vault init failed (sync)"; }
    printf -v cmd '%q list --vault %q --no-keyring --password-file %q' "$vault" "$sdir/empty.json" "$VAULT_PASSWORD_FILE"
    hyperfine --style basic -N --warmup 1 --runs "$sync_runs" --export-json "$work/sync-list.json" "$cmd" >&2 ||
        die "hyperfine failed on vault list (sync)"
    baseline="$(hyperfine_median_ms "$work/sync-list.json")"
    sync_lines+=("sync: vault list on an empty cheap-kdf vault (start-up + one derivation): median $baseline ms")

    log "sync: the ancestor ($sync_records entries), then $sync_changes changes by vault's commands in each copy"
    counts="$(python3 "$benchtool" write-sync "$sync_records" "$sync_changes" "$sdir")"
    read -r expected shared <<<"$counts"
    about="$sync_records entries, $sync_changes changes on each side, $shared entries changed on both"
    result="" beyond=""
    rm -f -- "$base"
    "$vault" init --vault "$base" "${sopts[@]}" "${cheap[@]}" >>"$slog" 2>&1 || { show_log "$slog"; die "vault init failed (sync)"; }
    if ! "$vault" import "$sdir/base.xml" --vault "$base" "${sopts[@]}" >>"$slog" 2>&1; then
        result="FAILED (vault import of the ancestor exited non-zero: $(tail -n 1 -- "$slog"))"
    elif ! cp -- "$base" "$ours" || ! sync_apply "$sdir/ours.tsv" "$ours"; then
        result="FAILED (a change of our copy failed: $(tail -n 1 -- "$slog"))"
    elif ! cp -- "$base" "$theirs" || ! sync_apply "$sdir/theirs.tsv" "$theirs"; then
        result="FAILED (a change of their copy failed: $(tail -n 1 -- "$slog"))"
    else
        log "sync: vault sync merge-driver: check, then $sync_runs runs"
        cp -- "$ours" "$merged"
        if ! "$vault" sync merge-driver --vault "$merged" "${sopts[@]}" "$base" "$merged" "$theirs" vault.json 2>"$sdir/merge.err"; then
            result="FAILED (the merge driver exited non-zero: $(tail -n 1 -- "$sdir/merge.err"))"
        else
            listed="$("$vault" list --vault "$merged" "${sopts[@]}" 2>>"$slog" | wc -l)"
            # The driver tells each conflict on a line of its own: "vault.json: conflict in NAME: ..."
            # (both sides changed one part) or "vault.json: conflict: NAME was removed on one side ...".
            conflicts="$(grep -cE '^vault\.json: conflict( in|:) ' "$sdir/merge.err" || true)"
            if ((listed != expected)); then
                result="FAILED ($listed entries after the merge, expected $expected)"
            else
                printf -v prepare 'cp %q %q' "$ours" "$merged"
                printf -v cmd '%q sync merge-driver --vault %q --no-keyring --password-file %q %q %q %q vault.json' \
                    "$vault" "$merged" "$VAULT_PASSWORD_FILE" "$base" "$merged" "$theirs"
                if sync_timed sync-merge "$prepare" "$cmd"; then
                    result="median $median ms, $beyond ms beyond the empty-vault baseline ($expected entries after it, $conflicts conflicts settled)"
                else
                    result="FAILED (a warm-up or timed run exited non-zero: see hyperfine's message on stderr)"
                fi
            fi
        fi
    fi
    [[ "$result" != FAILED* ]] || { show_log "$slog"; log "sync: vault merge: $result"; }
    sync_lines+=("sync: vault sync merge-driver ($about): $result")
    sync_checks+=("$(target_check "sync merge, $sync_records entries, $sync_changes changes each, beyond one KDF" "$beyond" "ms" "<" 300)")

    # vault sync end to end: two machines (vault folders of their own, one HOME without git
    # configuration) and a bare remote on local disk; A and B each change sync_e2e_changes
    # entries of a sync_e2e_records-entry vault, A syncs first, then B's `vault sync` is timed:
    # commit, fetch, the three-way merge of the vault, git's merge commit, push. Before each run
    # B's branch, its remote-tracking branch and the remote are put back (untimed).
    log "sync: vault sync end to end on $sync_e2e_records entries, $sync_e2e_changes changes on each machine"
    e2e="$sdir/e2e"
    rm -rf -- "$e2e"
    mkdir -p -- "$e2e/home" "$e2e/a" "$e2e/b"
    git init -q --bare -b main "$e2e/remote.git" >>"$slog" 2>&1
    e2e_env=(env HOME="$e2e/home" "${git_identity[@]}")
    a_vault="$e2e/a/vault.json" b_vault="$e2e/b/vault.json"
    a_opts=(--vault "$a_vault" "${sopts[@]}") b_opts=(--vault "$b_vault" "${sopts[@]}")
    python3 "$benchtool" write-foreign "$sync_e2e_records" keepass-xml "$e2e/records.xml"
    result=""
    # e2e_vault MACHINE ARGUMENTS...: vault on machine a or b (its own device id).
    e2e_vault() {
        local machine=$1
        shift
        "${e2e_env[@]}" XDG_STATE_HOME="$e2e/$machine-state" "$vault" "$@"
    }
    # e2e_number MACHINE I: the number of the entry MACHINE changes Ith: A the entries 1,
    # 1 + 2s, 1 + 4s, ..., B 1 + s, 1 + 3s, ... (s = records / (2 changes)), so that the two
    # machines change different entries, as the pass peer below must (the same file changed on
    # both would be a git conflict there).
    e2e_stride=$((sync_e2e_records / (2 * sync_e2e_changes)))
    e2e_number() {
        local side=0
        [[ "$1" == a ]] || side=1
        echo $((1 + (2 * $2 + side) * e2e_stride))
    }
    # e2e_change MACHINE OPTIONS-ARRAY: sync_e2e_changes username edits, MACHINE-I.
    e2e_change() {
        local -n options=$2
        local i name
        for ((i = 0; i < sync_e2e_changes; i++)); do
            name="$("$vault" list "${options[@]}" 2>>"$slog" | sed -n "$(e2e_number "$1" "$i")p")"
            e2e_vault "$1" edit "$name" --username "$1-$i" "${options[@]}" </dev/null || return 1
        done
    }
    if ! { e2e_vault a init "${a_opts[@]}" "${cheap[@]}" &&
        e2e_vault a import "$e2e/records.xml" "${a_opts[@]}" &&
        e2e_vault a sync init "$e2e/remote.git" "${a_opts[@]}" &&
        e2e_vault a sync "${a_opts[@]}" &&
        e2e_vault b sync clone "$e2e/remote.git" --vault "$b_vault" &&
        e2e_change a a_opts && e2e_vault a sync "${a_opts[@]}" &&
        e2e_change b b_opts; } >>"$slog" 2>&1; then
        result="FAILED (setting up the two machines failed: $(tail -n 1 -- "$slog"))"
    else
        git -C "$e2e/b" add vault.json && "${e2e_env[@]}" git -C "$e2e/b" commit -qm "b's changes" >>"$slog" 2>&1
        b_head="$(git -C "$e2e/b" rev-parse HEAD)"
        branch="$(git -C "$e2e/b" symbolic-ref --short HEAD)"
        b_tracking="$(git -C "$e2e/b" rev-parse --verify -q "refs/remotes/origin/$branch")"
        remote_head="$(git -C "$e2e/remote.git" rev-parse "refs/heads/$branch")"
        # vault sync keeps, outside the repository, the newest copy of the vault it has seen on the
        # remote, and refuses an older one as a replay: so B's record is put back too, as it was
        # before the first run.
        mkdir -p -- "$e2e/b-state/vault/seen"
        cp -a -- "$e2e/b-state/vault/seen" "$e2e/b-seen"
        printf -v prepare 'git -C %q reset -q --hard %q && git -C %q update-ref refs/remotes/origin/%q %q && git -C %q update-ref refs/heads/%q %q && rm -rf -- %q && cp -a -- %q %q' \
            "$e2e/b" "$b_head" "$e2e/b" "$branch" "$b_tracking" "$e2e/remote.git" "$branch" "$remote_head" \
            "$e2e/b-state/vault/seen" "$e2e/b-seen" "$e2e/b-state/vault/seen"
        printf -v cmd '%s XDG_STATE_HOME=%q %q sync --vault %q --no-keyring --password-file %q' \
            "${e2e_env[*]}" "$e2e/b-state" "$vault" "$b_vault" "$VAULT_PASSWORD_FILE"
        eval "$prepare"
        if ! eval "$cmd" >"$e2e/sync.out" 2>>"$slog" || ! grep -q 'Merged the changes' "$e2e/sync.out" ||
            [[ "$("$vault" list "${b_opts[@]}" 2>>"$slog" | wc -l)" != "$sync_e2e_records" ]] ||
            ! "$vault" show --json "$("$vault" list "${b_opts[@]}" 2>>"$slog" | sed -n 1p)" "${b_opts[@]}" 2>>"$slog" | grep -q '"a-0"'; then
            result="FAILED (the checked vault sync did not merge both machines' changes: $(tail -n 1 -- "$slog"))"
        elif sync_timed sync-e2e "$prepare" "$cmd"; then
            result="median $median ms, $beyond ms beyond the empty-vault baseline"
        else
            result="FAILED (a warm-up or timed run exited non-zero: see hyperfine's message on stderr)"
        fi
    fi
    [[ "$result" != FAILED* ]] || { show_log "$slog"; log "sync: end to end: $result"; }
    sync_lines+=("sync: vault sync end to end ($sync_e2e_records entries, $sync_e2e_changes changed on each machine, a local bare remote): $result")

    # The peer of the end-to-end sync: pass, a git repository of one gpg file per entry. A store
    # of sync_e2e_records entries (pass.sh's pass_store of write_export's entries, encrypted to
    # its throw-away key), `pass git init`, pushed to a bare remote and cloned as machine B's
    # store; sync_e2e_changes entries changed with `pass insert -f -m` on each machine (a new
    # login line; different entries on the two, as git merges whole files), A pushes, then B's
    # `pass git pull --no-rebase --no-edit && pass git push` is timed, with the same three refs
    # put back before each run. The key's gpg-agent is stopped at the end of the section.
    p_missing="$(pass_missing pass gpg)"
    if [[ -n "$p_missing" ]]; then
        sync_lines+=("sync: peer pass: $p_missing, skipped")
    else
        log "sync: peer, pass git pull + push on $sync_e2e_records entries, $sync_e2e_changes changes on each machine"
        pdir="$sdir/pass"
        rm -rf -- "$pdir"
        mkdir -p -- "$pdir"
        middle_of "$sync_e2e_records"
        p_width=$width
        # p_change MACHINE: changes the entries e2e_number gives, each committed by pass;
        # login MACHINE-I.
        p_change() {
            local i name
            for ((i = 0; i < sync_e2e_changes; i++)); do
                printf -v name 'site/%0*d' "$p_width" "$(e2e_number "$1" "$i")"
                pass_relogin "$pdir/$1" "$name" "$1-$i" "$pdir/entry" &&
                    pass_run "$pdir/$1" insert -f -m "$name" <"$pdir/entry" || return 1
            done
        }
        printf -v p_a_name 'site/%0*d' "$p_width" "$(e2e_number a 0)"
        printf -v p_b_name 'site/%0*d' "$p_width" "$(e2e_number b 0)"
        result=""
        t0=$(date +%s%N)
        if ((e2e_stride == 0)); then
            result="FAILED (BENCH_SYNC_E2E_RECORDS must be at least twice BENCH_SYNC_E2E_CHANGES for this peer)"
        elif ! pass_key "$slog"; then
            result="FAILED (making the throw-away gpg key failed: $(tail -n 1 -- "$slog"))"
        else
            write_export "$sync_e2e_records" "$width" "$sync_e2e_records" "$pdir/export" "$pdir/expected"
            if ! { pass_store "$pdir/a" "$pdir/export" &&
                pass_publish "$pdir/a" "$pdir/remote.git" &&
                "${pass_env[@]}" git clone -q "$pdir/remote.git" "$pdir/b" &&
                p_change a && pass_run "$pdir/a" git push -q &&
                p_change b; } >>"$slog" 2>&1; then
                result="FAILED (setting up the two pass stores failed: $(tail -n 1 -- "$slog"))"
            fi
            rm -f -- "$pdir/export"-*.json
        fi
        if [[ -z "$result" ]]; then
            log "sync: peer pass: set-up took $(awk -v a="$t0" -v b="$(date +%s%N)" 'BEGIN { printf "%.1f", (b - a) / 1e9 }') s"
            b_head="$(git -C "$pdir/b" rev-parse HEAD)"
            b_tracking="$(git -C "$pdir/b" rev-parse --verify -q refs/remotes/origin/main)"
            remote_head="$(git -C "$pdir/remote.git" rev-parse refs/heads/main)"
            printf -v prepare 'git -C %q reset -q --hard %q && git -C %q update-ref refs/remotes/origin/main %q && git -C %q update-ref refs/heads/main %q' \
                "$pdir/b" "$b_head" "$pdir/b" "$b_tracking" "$pdir/remote.git" "$remote_head"
            printf -v p_envq '%q ' "${pass_env[@]}" PASSWORD_STORE_DIR="$pdir/b"
            cmd="${p_envq}pass git pull --no-rebase --no-edit && ${p_envq}pass git push"
            eval "$prepare"
            # Checked once: B ends with A's change and its own, and the remote with B's merge.
            if ! eval "$cmd" >>"$slog" 2>&1 ||
                ! grep -qx 'login: a-0' <<<"$(pass_run "$pdir/b" show "$p_a_name" 2>>"$slog")" ||
                ! grep -qx 'login: b-0' <<<"$(pass_run "$pdir/b" show "$p_b_name" 2>>"$slog")" ||
                [[ "$(git -C "$pdir/remote.git" rev-parse refs/heads/main)" != "$(git -C "$pdir/b" rev-parse HEAD)" ]] ||
                [[ "$(git -C "$pdir/b" rev-list --count --merges "$b_head..HEAD")" != 1 ]]; then
                result="FAILED (the checked pass git pull + push did not merge both machines' changes: $(tail -n 1 -- "$slog"))"
            elif hyperfine --style basic --warmup 1 --runs "$sync_runs" --prepare "$prepare" \
                --export-json "$work/sync-pass.json" "$cmd" >&2 2>>"$slog"; then
                result="median $(hyperfine_median_ms "$work/sync-pass.json") ms"
            else
                result="FAILED (a warm-up or timed run exited non-zero: see hyperfine's message on stderr)"
            fi
        fi
        pass_agent_stop
        [[ "$result" != FAILED* ]] || { show_log "$slog"; log "sync: peer pass: $result"; }
        sync_lines+=("sync: peer pass git pull + push ($sync_e2e_records entries, $sync_e2e_changes changed on each machine, a local bare remote): $result")
        sync_lines+=("   (pass's merge is git's own per-file merge: each entry is a .gpg file of its own, the two machines"
            "    changed different ones, and nothing is decrypted; there is no entry-level merge, so one entry"
            "    changed on both machines would be a git conflict on a binary file. vault's run above changes"
            "    the same entries, and decrypts, merges and seals the whole vault.)")
    fi

    if command -v keepassxc-cli >/dev/null 2>&1; then
        log "sync: peer, keepassxc-cli merge of two databases with the same changes: check, then $sync_runs runs"
        # The password on standard input: twice for a new database, once to open one.
        printf 'bench-password\nbench-password\n' >"$sdir/peer-new"
        printf 'bench-password\n' >"$sdir/peer-open"
        result=""
        for side in ours theirs; do
            rm -f -- "$sdir/$side.kdbx"
            if ! keepassxc-cli import -q -p -t 100 "$sdir/$side.xml" "$sdir/$side.kdbx" <"$sdir/peer-new" >>"$slog" 2>&1; then
                result="FAILED (keepassxc-cli import of $side.xml exited non-zero: $(tail -n 1 -- "$slog"))"
            fi
        done
        if [[ -z "$result" ]]; then
            cp -- "$sdir/ours.kdbx" "$sdir/merged.kdbx"
            if ! keepassxc-cli merge -q -s "$sdir/merged.kdbx" "$sdir/theirs.kdbx" <"$sdir/peer-open" >>"$slog" 2>&1; then
                result="FAILED (keepassxc-cli merge exited non-zero: $(tail -n 1 -- "$slog"))"
            else
                peer_listed="$(keepassxc-cli ls -q -R -f "$sdir/merged.kdbx" <"$sdir/peer-open" 2>>"$slog" | grep -vc '/$' || true)"
                if hyperfine --style basic --warmup 1 --runs "$sync_runs" --export-json "$work/sync-peer-ls.json" \
                    "keepassxc-cli ls -q $sdir/ours.kdbx < $sdir/peer-open" >&2 2>>"$slog" &&
                    hyperfine --style basic --warmup 1 --runs "$sync_runs" --prepare "cp $sdir/ours.kdbx $sdir/merged.kdbx" \
                        --export-json "$work/sync-peer-merge.json" \
                        "keepassxc-cli merge -q -s $sdir/merged.kdbx $sdir/theirs.kdbx < $sdir/peer-open" >&2 2>>"$slog"; then
                    opened="$(hyperfine_median_ms "$work/sync-peer-ls.json")"
                    median="$(hyperfine_median_ms "$work/sync-peer-merge.json")"
                    beyond="$(awk -v m="$median" -v b="$opened" 'BEGIN { printf "%.1f", m - b }')"
                    result="median $median ms, $beyond ms beyond keepassxc-cli ls of one of them ($opened ms; $peer_listed entries after it)"
                else
                    result="FAILED (a warm-up or timed run exited non-zero: see hyperfine's message on stderr)"
                fi
            fi
        fi
        [[ "$result" != FAILED* ]] || { show_log "$slog"; log "sync: peer: $result"; }
        sync_lines+=("sync: peer keepassxc-cli merge -s ($about, two-way): $result")
        sync_lines+=("   (KeePassXC opens both databases and derives a new key when it saves the result: its figure"
            "    beyond ls holds two more KDFs of about 100 ms each (-t 100); by default it merges no removals.)")
    else
        sync_lines+=("sync: peer keepassxc-cli: not installed, skipped")
    fi
fi
