import VaultCore

/// An entry name as the person gave it, in the vault that holds it: the name itself in the
/// command's vault, or the name inside the team vault mounted at its prefix (`MountTable`).
public struct RoutedName {
    /// The session of the vault that holds the entry.
    public let session: VaultSession
    /// The name inside that vault, in NFC.
    public let name: String
    /// The prefix of the mount, nil for a name of the command's own vault.
    public let prefix: String?

    /// A name of that vault as the person sees it: under the prefix.
    public func shown(_ inner: String) -> String {
        MountTable.name(inner, under: prefix)
    }

    /// The name as the person sees it (`name` under the prefix).
    public var shownName: String { shown(name) }

    /// Runs `body` with the vault's session and the name inside it; an error about an entry
    /// of that vault names it as the person sees it.
    public func within<T>(_ body: (VaultSession, String) throws -> T) throws -> T {
        do {
            return try body(session, name)
        } catch let error as EntryError where prefix != nil {
            switch error {
            case .notFound(let inner): throw EntryError.notFound(shown(inner))
            case .alreadyExists(let inner): throw EntryError.alreadyExists(shown(inner))
            case .noSuchField(let entry, let field): throw EntryError.noSuchField(entry: shown(entry), field: field)
            case .invalidName, .invalidField: throw error
            }
        } catch let error as OTPError where prefix != nil {
            switch error {
            case .noOTP(let entry): throw OTPError.noOTP(entry: shown(entry))
            case .notTimeBased(let entry): throw OTPError.notTimeBased(entry: shown(entry))
            case .counterExhausted(let entry): throw OTPError.counterExhausted(entry: shown(entry))
            default: throw error
            }
        }
    }
}

extension VaultSession {
    /// Where the person's entry name `rawName` leads: when the command is about their own
    /// vault (no `--vault`, no `--mount`), a name under a mount's prefix is the entry of that
    /// team vault; any other name is this vault's.
    public func routed(_ rawName: String) throws -> RoutedName {
        let name = try EntryName.normalized(rawName)
        guard selection.isOwnVault, let (prefix, inner) = try config().mounts.route(name) else {
            return RoutedName(session: self, name: name, prefix: nil)
        }
        return RoutedName(session: try mountedVault(prefix), name: inner, prefix: prefix)
    }

    /// The sessions of the team vaults mounted in the person's own vault, by prefix in order;
    /// none when the command is about another vault.
    public func mountedVaults() throws -> [(prefix: String, session: VaultSession)] {
        guard selection.isOwnVault else { return [] }
        return try config().mounts.prefixes.map { ($0, try mountedVault($0)) }
    }

    /// Runs `body` on this vault (prefix nil), then, when it is the person's own, on each team
    /// vault mounted in it with its prefix (`list`, `search`, `audit`, completion). A mounted
    /// vault that fails (gone, or no longer open to this person) is left out, with a warning
    /// unless `quietly`; this vault's failure is the command's.
    public func forEachVault(quietly: Bool = false, _ body: (_ prefix: String?, _ vault: VaultSession) throws -> Void) throws {
        try body(nil, self)
        for (prefix, vault) in try mountedVaults() {
            do {
                try body(prefix, vault)
            } catch {
                if !quietly {
                    let why = (error as? any VaultFailure)?.message ?? "\(error)"
                    diagnostics.warning("the team vault mounted at \(prefix)/ is left out: \(why)")
                }
            }
        }
    }

    /// Of `names`, this vault's, those under a mount's prefix, which name the team vault's
    /// entries instead (made with `--vault`, or on a machine without the mount): left out of
    /// listings, with a warning saying how to reach them unless `quietly`. None unless this is
    /// the person's own vault (a mounted vault's session, or one given by `--vault`, hides nothing).
    public func hiddenByMounts(_ names: [String], quietly: Bool = false) -> Set<String> {
        guard selection.isOwnVault, let mounts = try? config().mounts, !mounts.isEmpty else { return [] }
        let hidden = names.filter { mounts.route($0) != nil }
        if !hidden.isEmpty && !quietly {
            let shown = hidden.prefix(3).joined(separator: ", ") + (hidden.count > 3 ? ", …" : "")
            diagnostics.warning("\(hidden.count) entr\(hidden.count == 1 ? "y" : "ies") of your vault under a mount's prefix, hidden by it: \(shown) (reach them with --vault \(store.path))")
        }
        return Set(hidden)
    }

    /// The session of the team vault mounted at `prefix`.
    private func mountedVault(_ prefix: String) throws -> VaultSession {
        mounted(at: prefix, path: try config().mounts.path(of: prefix, home: context.environment["HOME"]))
    }
}
