import VaultCore

/// The git settings `vault sync` reads, in one `git config` run: whether the repository is
/// shared on purpose, the vault drivers it configures, the branches' upstreams, and whether
/// pushes go elsewhere than fetches. Files included by a configuration file count as part of it
/// (scope and all), as git reads them.
struct SyncSettings: Equatable {
    /// One setting as git gives it: its scope (`local`, `global`, `command`, …), its name with
    /// the section and key in lower case, and its value (nil for a name written with none,
    /// which git reads as true).
    struct Setting: Equatable {
        var scope: String
        var name: String
        var value: String?
    }

    /// Every setting read, in git's order (a later one overrides an earlier).
    var settings: [Setting]

    /// The names read: `core.sharedRepository`, `merge.vault.*`, `diff.vault.*`, each branch's
    /// `remote` and `merge`, each remote's `pushurl`, and `url.*.pushInsteadOf`.
    static let pattern = #"^(core\.sharedrepository|(merge|diff)\.vault\..*|branch\..*\.(remote|merge)|remote\..*\.pushurl|url\..*\.pushinsteadof)$"#

    /// The settings of the repository `git` runs in.
    static func read(_ git: Git) throws(SyncError) -> SyncSettings {
        let arguments = ["config", "--show-scope", "-z", "--get-regexp", pattern]
        let result = try git.attempt(arguments)
        // git exits 1 when no name matches.
        if result.status == 1 && result.output.isEmpty { return SyncSettings(settings: []) }
        guard result.status == 0 else { throw Git.failure(arguments, result) }
        return try parse(result.output)
    }

    /// The settings in `git config --show-scope -z` output: `SCOPE\0NAME\nVALUE\0` per setting,
    /// `SCOPE\0NAME\0` for a name without a value.
    static func parse(_ output: [UInt8]) throws(SyncError) -> SyncSettings {
        var items = output.split(separator: 0, omittingEmptySubsequences: false)
        if items.last?.isEmpty == true { items.removeLast() }
        guard items.count.isMultiple(of: 2) else { throw .gitFailed(command: "git config", reason: "its listing of settings could not be read") }
        var settings: [Setting] = []
        for index in stride(from: 0, to: items.count, by: 2) {
            let pair = items[index + 1]
            let newline = pair.firstIndex(of: UInt8(ascii: "\n"))
            settings.append(Setting(scope: String(decoding: items[index], as: UTF8.self),
                                    name: String(decoding: pair[..<(newline ?? pair.endIndex)], as: UTF8.self),
                                    value: newline.map { String(decoding: pair[(pair.index(after: $0))...], as: UTF8.self) }))
        }
        return SyncSettings(settings: settings)
    }

    /// The last setting of `name`, in any scope (what `git config --get` reads).
    func last(_ name: String) -> Setting? {
        settings.last { $0.name == name }
    }

    /// The value `git config --get NAME` gives: the last one set, in any scope ("" for a name
    /// written without a value).
    func value(_ name: String) -> String? {
        last(name).map { $0.value ?? "" }
    }

    /// The vault drivers set in the repository's own configuration, by name.
    var localDrivers: [String: String] {
        var drivers: [String: String] = [:]
        for setting in settings where setting.scope == "local" && (setting.name.hasPrefix("merge.vault.") || setting.name.hasPrefix("diff.vault.")) {
            drivers[setting.name] = setting.value ?? ""
        }
        return drivers
    }

    /// Whether the repository is shared with other users on purpose: `core.sharedRepository`
    /// read as git reads it (`git_config_perm` in git's setup.c): no value, `group`, `all`,
    /// `world`, `everybody`, the numbers 1 and 2, a file mode (octal, the owner's read and
    /// write in it) that gives the group or others any access, or else a true boolean (a
    /// number in git's integer syntax counts, non-zero). `umask`, 0, a mode for the owner
    /// alone and a false boolean are not shared; neither is a value git refuses.
    var sharedRepository: Bool {
        guard let setting = last("core.sharedrepository") else { return false }
        guard let value = setting.value else { return true }
        if value == "umask" { return false }
        if ["group", "all", "world", "everybody"].contains(value) { return true }
        if let number = GitNumber.octal(value) {
            let mode = Int32(truncatingIfNeeded: number)
            switch mode {
            case 0: return false
            case 1, 2: return true
            default: return mode & 0o600 == 0o600 && mode & 0o066 != 0
            }
        }
        switch value.lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default: return (GitNumber.integer(value) ?? 0) != 0
        }
    }

    /// Whether a push to `remote` may go elsewhere than its fetches: it has a push URL of its
    /// own, or a `pushInsteadOf` rewrites some URL for pushes.
    func pushesElsewhere(remote: String) -> Bool {
        settings.contains { $0.name == "remote.\(remote).pushurl" || ($0.name.hasPrefix("url.") && $0.name.hasSuffix(".pushinsteadof")) }
    }
}
