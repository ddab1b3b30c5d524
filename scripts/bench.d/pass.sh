# shellcheck shell=bash disable=SC2154  # the driver, scripts/bench, sets the variables read here
# Sourced by scripts/bench (not run on its own), before the settings. What the areas that time
# pass share: the kernel keyring area (cached.sh, `pass show`), git growth (growth.sh, `pass insert`
# and `pass git push`) and the merge of vault files (sync.sh, `pass git pull` and `push`). They all
# use one throw-away GnuPG key without passphrase, made in $work/gnupg by the first of them that
# needs it, and stop its gpg-agent when they are done (the driver's EXIT trap stops it too, so an
# interrupted bench leaves no agent behind). Their stores are written from write_export's files,
# the same entries vault imports.
# Defines functions only; pass_key sets pass_fpr and pass_env, which the areas read.

pass_fpr=""
pass_env=()

# pass_missing TOOL...: "TOOL not installed" for the first TOOL that is not on PATH, or nothing.
pass_missing() {
    local tool
    for tool in "$@"; do
        if ! command -v "$tool" >/dev/null 2>&1; then
            echo "$tool not installed"
            return
        fi
    done
}

# pass_key LOG: the throw-away key, once per run: an ed25519 primary key and a cv25519 encryption
# subkey without passphrase (no decryption needs a pinentry) in GNUPGHOME $work/gnupg. Sets
# pass_fpr to its fingerprint and pass_env to the env command that pass, gpg and git run under:
# that GNUPGHOME, a HOME of their own (no configuration of the user's) and the bench's git
# identity (git_identity). Unsets the caller's pass and gpg settings in the bench's environment:
# they must not change what is measured. gpg's messages go to LOG; fails when gpg does.
pass_key() {
    [[ -z "$pass_fpr" ]] || return 0
    unset PASSWORD_STORE_DIR PASSWORD_STORE_KEY PASSWORD_STORE_GPG_OPTS PASSWORD_STORE_SIGNING_KEY \
        PASSWORD_STORE_ENABLE_EXTENSIONS PASSWORD_STORE_EXTENSIONS_DIR PASSWORD_STORE_UMASK \
        GPG_AGENT_INFO GPG_TTY
    pass_env=(env HOME="$work/pass-home" GNUPGHOME="$work/gnupg" "${git_identity[@]}")
    rm -rf -- "$work/gnupg" "$work/pass-home"
    mkdir -p -- "$work/pass-home"
    mkdir -m 700 -- "$work/gnupg"
    local keygen=("${pass_env[@]}" gpg --batch --pinentry-mode loopback --passphrase '')
    {
        "${keygen[@]}" --quick-gen-key 'vault bench <bench@example.invalid>' ed25519 cert,sign never &&
            pass_fpr="$("${pass_env[@]}" gpg --batch --with-colons --list-secret-keys |
                awk -F: '$1 == "fpr" { print $10; exit }')" &&
            [[ -n "$pass_fpr" ]] &&
            "${keygen[@]}" --quick-add-key "$pass_fpr" cv25519 encr never
    } >>"$1" 2>&1 || {
        pass_fpr=""
        return 1
    }
    log "pass: gpg $(gpg --version | head -n 1 | awk '{ print $NF }'), key $pass_fpr (ed25519 + cv25519 subkey, no passphrase)"
}

# pass_agent_stop: stops the gpg-agent of the throw-away GNUPGHOME, if there is one.
pass_agent_stop() {
    if [[ -n "${work:-}" && -d "$work/gnupg" ]] && command -v gpgconf >/dev/null 2>&1; then
        GNUPGHOME="$work/gnupg" gpgconf --kill all >/dev/null 2>&1 || true
    fi
}

# pass_run STORE ARGUMENTS...: pass ARGUMENTS on the store STORE, under pass_env.
pass_run() {
    local store=$1
    shift
    "${pass_env[@]}" PASSWORD_STORE_DIR="$store" pass "$@"
}

# pass_store STORE EXPORT_PREFIX: a new pass store STORE of the entries of the vault-export files
# EXPORT_PREFIX-*.json (write_export's, all named site/N), encrypted to pass_fpr: a file NAME.gpg
# per entry holding its password, login and URL lines, as pass keeps them. Fails if a step does
# or a file is missing.
pass_store() {
    local store=$1 plain="$1.plain" count
    rm -rf -- "$store" "$plain"
    mkdir -p -- "$store/site" "$plain"
    printf '%s\n' "$pass_fpr" >"$store/.gpg-id"
    # As scripts/bench-peers: the plaintexts in a staging folder outside the store, encrypted by
    # a few gpg processes (--encrypt-files writes NAME.gpg beside NAME; uncompressed, as pass
    # writes them), then only the ciphertexts moved into the store.
    count="$(python3 - "$plain" "$2"-*.json <<'EOF'
import json, os, sys
count = 0
for path in sys.argv[2:]:
    with open(path) as document:
        for entry in json.load(document)["entries"]:
            file = os.path.join(sys.argv[1], entry["name"])
            os.makedirs(os.path.dirname(file), exist_ok=True)
            with open(file, "w") as out:
                out.write(f'{entry["password"]}\nlogin: {entry["username"]}\nurl: {entry["urls"][0]}\n')
            count += 1
print(count)
EOF
    )" || return 1
    find "$plain/site" -type f -print0 |
        xargs -0 -n 100 -P "$(nproc)" "${pass_env[@]}" gpg --batch --yes --quiet --no-encrypt-to \
            --compress-algo=none --trust-model always --recipient "$pass_fpr" --encrypt-files || return 1
    find "$plain/site" -type f -name '*.gpg' -exec mv -t "$store/site" {} + || return 1
    rm -rf -- "$plain"
    [[ "$(find "$store/site" -type f -name '*.gpg' | wc -l)" == "$count" ]]
}

# pass_publish STORE REMOTE: puts the store STORE in git (`pass git init`, which commits every
# entry) and pushes it to REMOTE, a new bare repository; branch main.
pass_publish() {
    pass_run "$1" git init -q -b main &&
        git init -q --bare -b main "$2" &&
        pass_run "$1" git remote add origin "$2" &&
        pass_run "$1" git push -q -u origin main
}

# pass_relogin STORE NAME LOGIN FILE: writes to FILE the entry NAME of STORE with its login line
# made LOGIN, for `pass insert -f -m NAME <FILE` to write back (an edit of the login alone, as
# `vault edit --username` makes). A file, not a pipe into the insert: its gpg would write the
# entry's file while this one's still reads it.
pass_relogin() {
    pass_run "$1" show "$2" | awk -v login="$3" '/^login: / { $0 = "login: " login } { print }' >"$4"
}
