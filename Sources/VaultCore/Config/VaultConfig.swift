import FoundationEssentials

/// The optional settings file, `$XDG_CONFIG_HOME/vault/config.json`:
///
///     { "keyring": false, "keyring_timeout": "8h", "keyring_idle": "15m", "clip_timeout": 30,
///       "check_breach": true, "breach_api_url": "https://…", "breach_offline": "/data/pwned.txt" }
///
/// `keyring: false` never caches the key (neither in the kernel keyring nor in the Secret
/// Service); `keyring_timeout` is how long a cached key lives (default: the login session), and
/// `keyring_idle` how long it lives unused (each use renews it; kept in the kernel keyring
/// only); `clip_timeout` is seconds until the clipboard is cleared.
/// `check_breach: true` makes `vault add` and `vault edit` check new passwords against known
/// breaches (as `--check-breach` does), through `breach_api_url` (a mirror of the Have I Been
/// Pwned range API) or against a downloaded copy at `breach_offline` (a file or folder).
/// `"sync": {"auto": true}` commits each change to the git repository the vault is synced
/// through, and `"push": true` in it syncs with the remote as well (`vault sync`).
/// `"audit": {"ignore": ["test/*", "old/bank"]}` leaves the entries whose names match one of
/// the shell globs out of `vault audit`.
/// `"ssh_agent": {"entries": ["ssh/*"], "allow_sha1": false, "confirm": false}` limits the SSH
/// key entries `vault ssh-agent` serves to those the globs name, lets it sign with SHA-1 for
/// an RSA key when a client asks for `ssh-rsa`, and has it ask before each signature.
/// `"attachments": {"max_mib": 100}` is the largest file `vault attach add` keeps, in MiB
/// (1 to 4095; 100 by default).
/// `"log": {"segment_kib": 1024, "keep_segments": 9}` closes a segment of the security log
/// once it holds `segment_kib` KiB (16 to 65536) and keeps that many closed segments (0 to
/// 10000, or `"all"`), dropping the oldest.
/// `"mounts": {"team": "/home/me/ops/ops.json"}` puts the team vault at that path under the
/// prefix `team/` of the own vault's names (`MountTable`).
public struct VaultConfig: Equatable, Sendable {
    public var keyring = true
    public var keyringTimeout: Double?
    public var keyringIdle: Double?
    public var clipTimeout: Double?
    public var checkBreach = false
    public var breachAPIURL: String?
    public var breachOffline: String?
    /// Commit each change to the vault's repository (`sync.auto`).
    public var syncAuto = false
    /// After that commit, sync with the remote (`sync.push`).
    public var syncPush = false
    /// Shell globs (fnmatch) of entry names `vault audit` leaves out (`audit.ignore`).
    public var auditIgnore: [String] = []
    /// Shell globs of the SSH key entries the agent serves (`ssh_agent.entries`); empty for all.
    public var sshAgentEntries: [String] = []
    /// RSA signatures with SHA-1 when a client asks for them (`ssh_agent.allow_sha1`).
    public var sshAgentAllowsSHA1 = false
    /// Each signature confirmed through SSH_ASKPASS (`ssh_agent.confirm`).
    public var sshAgentConfirms = false
    /// The largest attachment kept, in MiB (`attachments.max_mib`).
    public var attachmentsMaxMiB = 100
    /// The size at which a segment of the security log is closed (`log.segment_kib`), and how
    /// many closed segments are kept (`log.keep_segments`).
    public var eventLog = EventLogLimits()
    /// The team vaults mounted under prefixes (`mounts`).
    public var mounts = MountTable()

    public init() {}

    /// Reads the settings in `data`, the contents of the file at `path` (named in messages).
    public static func parse(_ data: Data, path: String) throws(ConfigError) -> VaultConfig {
        let raw: RawConfig
        do {
            // A mistyped key (breach_ofline) must not be ignored: it could send requests the
            // user meant to avoid.
            let keys = try JSONDecoder().decode([String: IgnoredValue].self, from: data).keys
            if let unknown = keys.sorted().first(where: { !RawConfig.keys.contains($0) }) {
                throw ConfigError.invalid(path, "unknown setting '\(unknown)' (known: \(RawConfig.keys.joined(separator: ", ")))")
            }
            raw = try JSONDecoder().decode(RawConfig.self, from: data)
        } catch let error as ConfigError {
            throw error
        } catch {
            throw .invalid(path, "not a JSON object with \(RawConfig.keys.joined(separator: ", "))")
        }
        var config = VaultConfig()
        config.keyring = raw.keyring ?? true
        if let text = raw.keyring_timeout {
            guard let seconds = TimeSpan.seconds(text) else { throw .invalid(path, "keyring_timeout '\(text)' is not a duration such as 15m") }
            config.keyringTimeout = seconds
        }
        if let text = raw.keyring_idle {
            guard let seconds = TimeSpan.seconds(text) else { throw .invalid(path, "keyring_idle '\(text)' is not a duration such as 15m") }
            config.keyringIdle = seconds
        }
        if let seconds = raw.clip_timeout {
            guard seconds > 0 && seconds <= 3600 else { throw .invalid(path, "clip_timeout must be between 0 and 3600 seconds") }
            config.clipTimeout = seconds
        }
        config.checkBreach = raw.check_breach ?? false
        // The breach plugin checks the URL itself when it uses it.
        config.breachAPIURL = raw.breach_api_url
        if let offline = raw.breach_offline {
            guard !offline.isEmpty else { throw .invalid(path, "breach_offline is empty; give the path of a downloaded copy") }
            config.breachOffline = offline
        }
        if let sync = raw.sync {
            if let unknown = sync.unknownKeys.first {
                throw .invalid(path, "unknown setting 'sync.\(unknown)' (known: sync.auto, sync.push)")
            }
            config.syncAuto = sync.auto ?? false
            config.syncPush = sync.push ?? false
            if config.syncPush && !config.syncAuto { throw .invalid(path, "sync.push needs sync.auto: changes are committed before they are pushed") }
        }
        if let audit = raw.audit {
            if let unknown = audit.unknownKeys.first {
                throw .invalid(path, "unknown setting 'audit.\(unknown)' (known: audit.ignore)")
            }
            let ignore = audit.ignore ?? []
            if ignore.contains(where: \.isEmpty) { throw .invalid(path, "audit.ignore holds an empty pattern") }
            config.auditIgnore = ignore
        }
        if let agent = raw.ssh_agent {
            if let unknown = agent.unknownKeys.first {
                throw .invalid(path, "unknown setting 'ssh_agent.\(unknown)' (known: \(RawSSHAgent.keys.map { "ssh_agent." + $0 }.joined(separator: ", ")))")
            }
            let entries = agent.entries ?? []
            if entries.contains(where: \.isEmpty) { throw .invalid(path, "ssh_agent.entries holds an empty pattern") }
            config.sshAgentEntries = entries
            config.sshAgentAllowsSHA1 = agent.allow_sha1 ?? false
            config.sshAgentConfirms = agent.confirm ?? false
        }
        if let attachments = raw.attachments {
            if let unknown = attachments.unknownKeys.first {
                throw .invalid(path, "unknown setting 'attachments.\(unknown)' (known: attachments.max_mib)")
            }
            if let limit = attachments.max_mib {
                guard (1...4095).contains(limit) else { throw .invalid(path, "attachments.max_mib must be a whole number from 1 to 4095") }
                config.attachmentsMaxMiB = limit
            }
        }
        if let log = raw.log {
            if let unknown = log.unknownKeys.first {
                throw .invalid(path, "unknown setting 'log.\(unknown)' (known: log.segment_kib, log.keep_segments)")
            }
            if let size = log.segment_kib {
                guard (16...65536).contains(size) else { throw .invalid(path, "log.segment_kib must be a whole number from 16 to 65536") }
                config.eventLog.segmentBytes = size << 10
            }
            switch log.keep_segments {
            case nil: break
            case .all?: config.eventLog.keptSegments = nil
            case .count(let count)?:
                guard (0...10000).contains(count) else { throw .invalid(path, "log.keep_segments must be a whole number from 0 to 10000, or \"all\"") }
                config.eventLog.keptSegments = count
            }
        }
        if let mounts = raw.mounts {
            do {
                config.mounts = try MountTable(checking: mounts)
            } catch {
                throw .invalid(path, "mounts: \(error.message)")
            }
        }
        return config
    }

    /// Any JSON value, for listing a file's keys without reading their values.
    private struct IgnoredValue: Decodable {
        init(from decoder: any Decoder) throws {}
    }

    private struct RawConfig: Decodable {
        static let keys = [
            "keyring", "keyring_timeout", "keyring_idle", "clip_timeout", "check_breach", "breach_api_url", "breach_offline", "sync", "audit",
            "ssh_agent", "attachments", "log", "mounts",
        ]

        var keyring: Bool?
        var keyring_timeout: String?
        var keyring_idle: String?
        var clip_timeout: Double?
        var check_breach: Bool?
        var breach_api_url: String?
        var breach_offline: String?
        var sync: RawSync?
        var audit: RawAudit?
        var ssh_agent: RawSSHAgent?
        var attachments: RawAttachments?
        var log: RawLog?
        var mounts: [String: String]?
    }

    /// The name of a member of a nested object, whatever it is.
    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// The `sync` object; its keys are checked as the file's are.
    private struct RawSync: Decodable {
        var auto: Bool?
        var push: Bool?
        var unknownKeys: [String] = []

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: AnyKey.self)
            auto = try container.decodeIfPresent(Bool.self, forKey: AnyKey(stringValue: "auto"))
            push = try container.decodeIfPresent(Bool.self, forKey: AnyKey(stringValue: "push"))
            unknownKeys = container.allKeys.map(\.stringValue).filter { $0 != "auto" && $0 != "push" }.sorted()
        }
    }

    /// The `audit` object; its keys are checked as the file's are.
    private struct RawAudit: Decodable {
        var ignore: [String]?
        var unknownKeys: [String] = []

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: AnyKey.self)
            ignore = try container.decodeIfPresent([String].self, forKey: AnyKey(stringValue: "ignore"))
            unknownKeys = container.allKeys.map(\.stringValue).filter { $0 != "ignore" }.sorted()
        }
    }

    /// The `ssh_agent` object; its keys are checked as the file's are.
    private struct RawSSHAgent: Decodable {
        static let keys = ["entries", "allow_sha1", "confirm"]

        var entries: [String]?
        var allow_sha1: Bool?
        var confirm: Bool?
        var unknownKeys: [String] = []

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: AnyKey.self)
            entries = try container.decodeIfPresent([String].self, forKey: AnyKey(stringValue: "entries"))
            allow_sha1 = try container.decodeIfPresent(Bool.self, forKey: AnyKey(stringValue: "allow_sha1"))
            confirm = try container.decodeIfPresent(Bool.self, forKey: AnyKey(stringValue: "confirm"))
            unknownKeys = container.allKeys.map(\.stringValue).filter { !Self.keys.contains($0) }.sorted()
        }
    }

    /// The `attachments` object; its keys are checked as the file's are.
    private struct RawAttachments: Decodable {
        var max_mib: Int?
        var unknownKeys: [String] = []

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: AnyKey.self)
            max_mib = try container.decodeIfPresent(Int.self, forKey: AnyKey(stringValue: "max_mib"))
            unknownKeys = container.allKeys.map(\.stringValue).filter { $0 != "max_mib" }.sorted()
        }
    }
}

extension VaultConfig {
    /// The `log` object; its keys are checked as the file's are.
    fileprivate struct RawLog: Decodable {
        enum Kept: Decodable {
            case count(Int)
            case all

            init(from decoder: any Decoder) throws {
                let value = try decoder.singleValueContainer()
                if let count = try? value.decode(Int.self) {
                    self = .count(count)
                } else if try value.decode(String.self) == "all" {
                    self = .all
                } else {
                    throw DecodingError.dataCorruptedError(in: value, debugDescription: "neither a number nor \"all\"")
                }
            }
        }

        var segment_kib: Int?
        var keep_segments: Kept?
        var unknownKeys: [String] = []

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: AnyKey.self)
            segment_kib = try container.decodeIfPresent(Int.self, forKey: AnyKey(stringValue: "segment_kib"))
            keep_segments = try container.decodeIfPresent(Kept.self, forKey: AnyKey(stringValue: "keep_segments"))
            unknownKeys = container.allKeys.map(\.stringValue).filter { $0 != "segment_kib" && $0 != "keep_segments" }.sorted()
        }
    }
}

/// A settings file that exists but cannot be used.
public enum ConfigError: VaultFailure, Equatable {
    case unreadable(String)
    case invalid(String, String)

    public var message: String {
        switch self {
        case .unreadable(let path): return "cannot read \(path)"
        case .invalid(let path, let why): return "\(path): \(why)"
        }
    }

    public var exitStatus: ExitStatus { .failure }
}
