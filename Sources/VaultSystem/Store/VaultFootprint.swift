import VaultCore
#if canImport(Glibc)
import Glibc
#endif

/// Where vault keeps what it has of one vault on this machine, outside the keyrings and git:
/// the vault file and what lies beside it (its lock, the temporary files of writers killed
/// while writing it, the folders of its attachments and of its security log), its sealed name
/// list in the runtime folder, and vault's config and state folders (the device id, the
/// newest-seen records, the key lifetimes and the no-keyring notes). What `vault destroy`
/// lists and removes.
public struct VaultFootprint: Sendable {
    /// The vault file (symbolic links resolved).
    public let vaultPath: String
    /// `$XDG_CONFIG_HOME/vault`.
    let configFolder: String
    /// `$XDG_STATE_HOME/vault`.
    let stateFolder: String
    /// `$XDG_DATA_HOME/vault`, where a vault lives by default.
    let dataFolder: String
    /// The name list's file, when there is a runtime folder.
    let nameList: String?

    /// The footprint of the vault `vaultID` whose file is at `vaultPath`, with the folders
    /// `environment` names.
    public init(vaultPath: String, vaultID: String, environment: [String: String]) {
        self.vaultPath = vaultPath
        configFolder = XDGFolders.configHome(environment: environment) + "/vault"
        stateFolder = XDGFolders.stateHome(environment: environment) + "/vault"
        dataFolder = XDGFolders.dataHome(environment: environment) + "/vault"
        nameList = NameListCache(environment: environment)?.path(vaultID: vaultID)
    }

    /// What of it is here now, the vault file last among the files beside it (so that a
    /// failure leaves the vault, not its lock or its attachments alone).
    public func items() -> [FootprintItem] {
        let folder = Paths.folder(of: vaultPath)
        let prefix = AtomicFile.temporaryPrefix(for: vaultPath)
        let leftovers = Paths.names(inFolder: folder).filter { $0.hasPrefix(prefix) }.sorted().map {
            FootprintItem(path: folder + "/" + $0, what: "a temporary file of a write that was cut short")
        }
        var items = leftovers + [
            FootprintItem(path: AttachmentFolder(vaultPath: vaultPath).path, what: "the attachments' sealed files"),
            FootprintItem(path: EventLogFiles(vaultPath: vaultPath).path, what: "the security log"),
            FootprintItem(path: vaultPath + ".lock", what: "the lock file"),
            FootprintItem(path: vaultPath, what: "the vault file"),
        ]
        if let nameList { items.append(FootprintItem(path: nameList, what: "the entry names kept for shell completion")) }
        items.append(FootprintItem(path: configFolder, what: "vault's config folder, for every vault of this user"))
        items.append(FootprintItem(path: stateFolder, what: "vault's state folder, for every vault of this user: the device id, the records of the newest copy synced, key lifetimes and notes"))
        return items.filter(\.exists)
    }

    /// Removes the folders left empty that only held what was removed: the default vault
    /// folder (`$XDG_DATA_HOME/vault`) when the vault was in it, and vault's folder in the
    /// runtime folder.
    public func removeEmptyFolders() {
        if Paths.folder(of: vaultPath) == VaultStore.resolved(dataFolder) { rmdir(dataFolder) }
        if let nameList { rmdir(Paths.folder(of: nameList)) }
    }
}
