/// The team vaults the person reaches through their own vault's names (`"mounts"` in the
/// settings file): each under a prefix, so that `team/db/prod` is the entry `db/prod` of the
/// team vault mounted at `team`.
public struct MountTable: Equatable, Sendable {
    /// Prefix to the team vault's path (absolute, or from the home folder with `~/`).
    public private(set) var paths: [String: String]

    public init() {
        paths = [:]
    }

    /// The table of `paths`, each prefix and path checked (`adding(prefix:path:)`).
    public init(checking paths: [String: String]) throws(MountError) {
        self.init()
        for (prefix, path) in paths.sorted(by: { $0.key < $1.key }) { try adding(prefix: prefix, path: path) }
    }

    /// The prefixes, in order.
    public var prefixes: [String] { paths.keys.sorted() }

    public var isEmpty: Bool { paths.isEmpty }

    /// Adds (or replaces) the mount at `prefix`: a valid entry name of one or more parts that
    /// is neither inside another prefix nor holds one, and a path that is absolute or starts
    /// with `~/`.
    public mutating func adding(prefix: String, path: String) throws(MountError) {
        let normalized: String
        do {
            normalized = try EntryName.normalized(prefix)
        } catch {
            if case .invalidName(_, let why) = error { throw .invalidPrefix(prefix, why) }
            throw .invalidPrefix(prefix, error.message)
        }
        guard normalized == prefix else { throw .invalidPrefix(prefix, "it is not in Unicode NFC") }
        guard path.hasPrefix("/") || path.hasPrefix("~/") else { throw .relativePath(prefix, path) }
        if let other = prefixes.first(where: { $0 != prefix && (Self.name($0, isInside: prefix) || Self.name(prefix, isInside: $0)) }) {
            throw .nested(prefix, other)
        }
        paths[prefix] = path
    }

    /// Takes away the mount at `prefix`; false when there is none.
    public mutating func removing(prefix: String) -> Bool {
        paths.removeValue(forKey: prefix) != nil
    }

    /// Where the entry name `name` (in NFC) lives: the mount whose prefix it starts with and
    /// the name inside it, or nil when it is the person's own vault's.
    public func route(_ name: String) -> (prefix: String, name: String)? {
        for prefix in paths.keys where Self.name(name, isInside: prefix) {
            return (prefix, String(name.utf8.dropFirst(prefix.utf8.count + 1))!)
        }
        return nil
    }

    /// The name `inner` of the team vault mounted at `prefix` as the person sees it: under
    /// the prefix (itself when `prefix` is nil, a name of the own vault).
    public static func name(_ inner: String, under prefix: String?) -> String {
        prefix.map { $0 + "/" + inner } ?? inner
    }

    /// Whether `name` is under `prefix/`.
    public static func name(_ name: String, isInside prefix: String) -> Bool {
        name.utf8.count > prefix.utf8.count + 1 && name.utf8.starts(with: prefix.utf8)
            && name.utf8.dropFirst(prefix.utf8.count).first == UInt8(ascii: "/")
    }

    /// The path of the team vault mounted at `prefix`, a leading `~/` made the home folder `home`.
    public func path(of prefix: String, home: String?) throws(MountError) -> String {
        guard let path = paths[prefix] else { throw .notMounted(prefix) }
        return Self.expanded(path, home: home)
    }

    /// `path` with a leading `~/` made the home folder `home`.
    public static func expanded(_ path: String, home: String?) -> String {
        guard path.hasPrefix("~/"), let home, !home.isEmpty else { return path }
        return home + path.dropFirst(1)
    }
}

/// A mount that cannot be.
public enum MountError: VaultFailure, Equatable {
    case invalidPrefix(String, String)
    case relativePath(String, String)
    case nested(String, String)
    case notMounted(String)
    case mountedElsewhere(prefix: String, path: String)
    case ownEntriesUnderPrefix(String, [String])
    case notATeamVault(String)
    case movesBetweenVaults(String, String)
    case mountedTwice(path: String, prefix: String)
    case notOwnVault

    public var message: String {
        switch self {
        case .invalidPrefix(let prefix, let why): "the mount prefix '\(prefix)' is not a valid name: \(why)"
        case .relativePath(let prefix, let path): "the mount '\(prefix)' has the path '\(path)', which is neither absolute nor under '~/'"
        case .nested(let prefix, let other): "the mount prefixes '\(prefix)' and '\(other)' are one inside the other"
        case .notMounted(let prefix): "no team vault is mounted at '\(prefix)' (vault team mount lists them)"
        case .mountedElsewhere(let prefix, let path): "'\(prefix)' is the mount of \(path) already; vault team unmount \(prefix) first"
        case .ownEntriesUnderPrefix(let prefix, let names):
            "your vault has \(names.count) entr\(names.count == 1 ? "y" : "ies") under '\(prefix)/' (\(names.prefix(3).joined(separator: ", "))\(names.count > 3 ? ", …" : "")), which the mount would hide; move them (vault mv) or choose another prefix"
        case .notATeamVault(let path): "\(path) is not a team vault; only team vaults are mounted"
        case .movesBetweenVaults(let from, let to): "'\(from)' and '\(to)' are in different vaults; a move stays in one (add the entry there and remove it here)"
        case .mountedTwice(let path, let prefix): "\(path) is mounted at '\(prefix)' already; one team vault has one mount"
        case .notOwnVault: "a team vault is mounted in your own vault: leave out --vault and --mount"
        }
    }

    public var exitStatus: ExitStatus {
        switch self {
        case .notMounted: .notFound
        case .ownEntriesUnderPrefix, .mountedElsewhere, .mountedTwice: .alreadyExists
        case .notOwnVault: .usage
        default: .failure
        }
    }
}
