import VaultCore

/// The git settings `vault sync` reads, in one `git config` run: whether the repository is
/// shared on purpose, the vault drivers it configures, and the branches' upstreams.
struct SyncSettings: Equatable {
    /// One setting as git gives it: its scope (`local`, `global`, `command`, …), its name with
    /// the section and key in lower case, and its value (empty for a key with none).
    struct Setting: Equatable {
        var scope: String
        var name: String
        var value: String
    }

    /// Every setting read, in git's order (a later one overrides an earlier).
    var settings: [Setting]

    /// The names read: `core.sharedRepository`, `merge.vault.*`, `diff.vault.*`, and each
    /// branch's `remote` and `merge`.
    static let pattern = #"^(core\.sharedrepository|(merge|diff)\.vault\..*|branch\..*\.(remote|merge))$"#

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
                                    value: newline.map { String(decoding: pair[(pair.index(after: $0))...], as: UTF8.self) } ?? ""))
        }
        return SyncSettings(settings: settings)
    }

    /// The value `git config --get NAME` gives: the last one set, in any scope.
    func value(_ name: String) -> String? {
        settings.last { $0.name == name }?.value
    }

    /// The vault drivers set in the repository's own configuration, by name.
    var localDrivers: [String: String] {
        var drivers: [String: String] = [:]
        for setting in settings where setting.scope == "local" && (setting.name.hasPrefix("merge.vault.") || setting.name.hasPrefix("diff.vault.")) {
            drivers[setting.name] = setting.value
        }
        return drivers
    }

    /// Whether the repository is shared with other users on purpose (`core.sharedRepository`).
    var sharedRepository: Bool {
        guard let value = value("core.sharedrepository") else { return false }
        return !["", "false", "umask", "0"].contains(value.lowercased())
    }
}
