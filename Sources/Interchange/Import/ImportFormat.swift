import VaultCore
import VaultSystem

/// The files `vault import` reads: its own backups and other password managers' exports.
/// docs/import.md has each format's mapping.
public enum ImportFormat: String, CaseIterable, Sendable {
    case vaultJSON = "vault-json"
    case bitwardenJSON = "bitwarden-json"
    case bitwardenCSV = "bitwarden-csv"
    case keepassXML = "keepass-xml"
    case keepassxcCSV = "keepassxc-csv"
    case chromeCSV = "chrome-csv"
    case firefoxCSV = "firefox-csv"
    case lastpassCSV = "lastpass-csv"
    case onePasswordPUX = "1password-1pux"
    case pass

    /// Whether the source is a folder (a password store) rather than a file.
    public var readsFolder: Bool { self == .pass }
}
