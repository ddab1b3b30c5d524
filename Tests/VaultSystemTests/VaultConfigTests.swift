import Foundation
import Testing
@testable import VaultCore
@testable import VaultSystem

/// The config file: where it is for an environment, its defaults, every setting read, and a
/// file that cannot be used refused with its path and the reason, never half-applied.
@Suite("Config file")
struct VaultConfigTests {
    static func load(_ text: String) throws -> VaultConfig {
        let folder = try TemporaryFolder()
        let path = folder.path + "/config.json"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return try VaultConfig.load(path: path)
    }

    private func load(_ text: String) throws -> VaultConfig { try Self.load(text) }

    @Test("it lives under XDG_CONFIG_HOME when that is absolute, else under HOME/.config")
    func path() {
        #expect(VaultConfig.path(environment: ["XDG_CONFIG_HOME": "/etc/xdg-user", "HOME": "/home/a"]) == "/etc/xdg-user/vault/config.json")
        #expect(VaultConfig.path(environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/home/a"]) == "/home/a/.config/vault/config.json")
        #expect(VaultConfig.path(environment: ["HOME": "/home/a"]) == "/home/a/.config/vault/config.json")
    }

    @Test("no file means the defaults: keyring on for the session, no breach checks")
    func missingFile() throws {
        let folder = try TemporaryFolder()
        #expect(try VaultConfig.load(path: folder.path + "/none.json") == VaultConfig())
        #expect(VaultConfig().keyring && VaultConfig().keyringTimeout == nil && !VaultConfig().checkBreach)
    }

    @Test("every setting is read")
    func everySetting() throws {
        let config = try load("""
            {"keyring": false, "keyring_timeout": "1h30m", "clip_timeout": 12.5, "check_breach": true,
             "breach_api_url": "https://mirror.example/range/", "breach_offline": "/data/pwned.txt"}
            """)
        #expect(!config.keyring)
        #expect(config.keyringTimeout == 5400)
        #expect(config.clipTimeout == 12.5)
        #expect(config.checkBreach)
        #expect(config.breachAPIURL == "https://mirror.example/range/")
        #expect(config.breachOffline == "/data/pwned.txt")
    }

    @Test("a file that cannot be used is refused with its path and why", arguments: [
        (#"{"keyring": false, "breach_ofline": "/x"}"#, "unknown setting 'breach_ofline'"),
        (#"{"keyring_timeout": "soon"}"#, "keyring_timeout 'soon' is not a duration"),
        (#"{"clip_timeout": 0}"#, "clip_timeout must be between 0 and 3600 seconds"),
        (#"{"clip_timeout": 3601}"#, "clip_timeout must be between 0 and 3600 seconds"),
        (#"{"breach_offline": ""}"#, "breach_offline is empty"),
        (#"{"keyring": "no"}"#, "not a JSON object with keyring"),
        (#"["keyring"]"#, "not a JSON object with keyring"),
        ("", "not a JSON object with keyring"),
    ])
    func refused(text: String, reason: String) throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/config.json"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        do {
            _ = try VaultConfig.load(path: path)
            Issue.record("\(text) was accepted")
        } catch {
            #expect(error.message.hasPrefix(path + ": "), "\(error.message)")
            #expect(error.message.contains(reason), "\(error.message)")
            #expect(error.exitStatus == .failure)
        }
    }

    @Test("a config path that is a folder is unreadable, not the defaults")
    func folderInsteadOfFile() throws {
        let folder = try TemporaryFolder()
        #expect(throws: ConfigError.unreadable(folder.path)) { try VaultConfig.load(path: folder.path) }
    }

    @Test("a config path that cannot be reached (under a file) means the defaults, as no file does")
    func pathUnderAFile() throws {
        let folder = try TemporaryFolder()
        try Data("{}".utf8).write(to: URL(fileURLWithPath: folder.path + "/vault"))
        #expect(try VaultConfig.load(path: folder.path + "/vault/config.json") == VaultConfig())
        #expect(try VaultConfig.load(path: folder.path + "/missing.json") == VaultConfig())
    }

    @Test("a config file of more than a mebibyte is refused, not read")
    func oversizedFile() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/config.json"
        try Data(("{\"clip_timeout\": 12" + String(repeating: " ", count: 1 << 20) + "}").utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: ConfigError.unreadable(path)) { try VaultConfig.load(path: path) }
    }
}

/// The `audit` object of the config file.
@Suite("Config file: audit")
struct VaultConfigAuditTests {
    private func load(_ text: String) throws -> VaultConfig { try VaultConfigTests.load(text) }

    @Test("audit.ignore is read; none means nothing is left out")
    func ignore() throws {
        #expect(try load(#"{"audit": {"ignore": ["test/*", "old/bank"]}}"#).auditIgnore == ["test/*", "old/bank"])
        #expect(try load(#"{"audit": {}}"#).auditIgnore.isEmpty)
        #expect(VaultConfig().auditIgnore.isEmpty)
    }

    @Test("an unknown audit setting, an empty pattern or a pattern that is not a string is refused")
    func refused() {
        #expect(throws: ConfigError.self) { try load(#"{"audit": {"ignored": ["x"]}}"#) }
        #expect(throws: ConfigError.self) { try load(#"{"audit": {"ignore": [""]}}"#) }
        #expect(throws: ConfigError.self) { try load(#"{"audit": {"ignore": [1]}}"#) }
        #expect(throws: ConfigError.self) { try load(#"{"audit": {"ignore": "test/*"}}"#) }
        do {
            _ = try load(#"{"audit": {"ignored": ["x"]}}"#)
        } catch {
            #expect((error as? ConfigError)?.message.hasSuffix("unknown setting 'audit.ignored' (known: audit.ignore)") == true)
        }
    }
}

/// The `ssh_agent` object of the config file.
@Suite("Config file: ssh_agent")
struct VaultConfigSSHAgentTests {
    private func load(_ text: String) throws -> VaultConfig { try VaultConfigTests.load(text) }

    @Test("entries, allow_sha1 and confirm are read; by default every SSH key, SHA-2 only, no confirmation")
    func settings() throws {
        let config = try load(#"{"ssh_agent": {"entries": ["ssh/*", "work/deploy"], "allow_sha1": true, "confirm": true}}"#)
        #expect(config.sshAgentEntries == ["ssh/*", "work/deploy"] && config.sshAgentAllowsSHA1 && config.sshAgentConfirms)
        let empty = try load(#"{"ssh_agent": {}}"#)
        #expect(empty.sshAgentEntries.isEmpty && !empty.sshAgentAllowsSHA1 && !empty.sshAgentConfirms)
        #expect(empty == VaultConfig())
    }

    @Test("an unknown ssh_agent setting, an empty pattern or a value of the wrong kind is refused")
    func refused() {
        #expect(throws: ConfigError.self) { try load(#"{"ssh_agent": {"entries": [""]}}"#) }
        #expect(throws: ConfigError.self) { try load(#"{"ssh_agent": {"allow_sha1": "yes"}}"#) }
        #expect(throws: ConfigError.self) { try load(#"{"ssh_agent": {"entries": "ssh/*"}}"#) }
        #expect(throws: ConfigError.self) { try load(#"{"ssh_agent": true}"#) }
        do {
            _ = try load(#"{"ssh_agent": {"confirmed": true}}"#)
        } catch {
            #expect((error as? ConfigError)?.message.hasSuffix(
                "unknown setting 'ssh_agent.confirmed' (known: ssh_agent.entries, ssh_agent.allow_sha1, ssh_agent.confirm)") == true)
        }
    }
}

/// The `mounts` object of the config file (`MountTable`), and the file written back with
/// other mounts (`MountSetting`).
@Suite("Config file: mounts")
struct VaultConfigMountTests {
    private func load(_ text: String) throws -> VaultConfig { try VaultConfigTests.load(text) }

    @Test("mounts are read, and a name under a prefix leads into its team vault")
    func routes() throws {
        let mounts = try load(#"{"mounts": {"team": "/srv/ops.json", "family/home": "~/family.json"}}"#).mounts
        #expect(mounts.prefixes == ["family/home", "team"])
        #expect(mounts.route("team/db/prod")! == ("team", "db/prod"))
        #expect(mounts.route("family/home/bank")! == ("family/home", "bank"))
        #expect(mounts.route("team") == nil && mounts.route("teams/x") == nil && mounts.route("family/bank") == nil)
        #expect(MountTable.expanded("~/family.json", home: "/home/me") == "/home/me/family.json")
        #expect(MountTable.expanded("/srv/ops.json", home: "/home/me") == "/srv/ops.json")
        #expect(VaultConfig().mounts.isEmpty)
    }

    @Test("a prefix that is no name, prefixes one inside the other, a relative path or a path that is no string are refused", arguments: [
        (#"{"mounts": {"team/": "/a"}}"#, "starts or ends with '/'"),
        (#"{"mounts": {"": "/a"}}"#, "it is empty"),
        (#"{"mounts": {"team": "/a", "team/db": "/b"}}"#, "one inside the other"),
        (#"{"mounts": {"team": "ops.json"}}"#, "neither absolute nor under '~/'"),
        (#"{"mounts": {"team": 1}}"#, "not a JSON object"),
        (#"{"mounts": ["team"]}"#, "not a JSON object"),
    ])
    func refused(text: String, reason: String) {
        #expect {
            try load(text)
        } throws: { error in
            (error as? ConfigError)?.message.contains(reason) == true
        }
    }

    @Test("writing mounts keeps every other setting, and an empty table leaves the setting out")
    func rewritten() throws {
        let current = Array(#"{"clip_timeout": 30, "sync": {"auto": true}, "audit": {"ignore": ["test/*"]}, "breach_api_url": "https://x/range/"}"#.utf8)
        var mounts = MountTable()
        try mounts.adding(prefix: "team", path: "/srv/ops.json")
        let written = try MountSetting.rewritten(current, path: "config.json", mounts: mounts)
        let config = try VaultConfig.parse(Data(written), path: "config.json")
        var expected = try VaultConfig.parse(Data(current), path: "config.json")
        expected.mounts = mounts
        #expect(config == expected)
        #expect(String(decoding: written, as: UTF8.self).contains(#""breach_api_url" : "https://x/range/""#))
        let none = try MountSetting.rewritten(written, path: "config.json", mounts: MountTable())
        #expect(!String(decoding: none, as: UTF8.self).contains("mounts"))
        #expect(try MountSetting.rewritten(nil, path: "config.json", mounts: mounts) == Array("{\n  \"mounts\" : {\n    \"team\" : \"/srv/ops.json\"\n  }\n}\n".utf8))
        #expect(throws: ConfigError.self) { try MountSetting.rewritten(Array(#"{"keyring": "no"}"#.utf8), path: "config.json", mounts: mounts) }
    }
}
