/// Why a vault file could not be read. All of these mean "do not trust this file", so they exit
/// with the authentication code: a flipped byte anywhere in the file must never be misread.
public enum FormatError: VaultFailure, Equatable {
    case notAVault
    case newerVersion(Int)
    case corrupt(String)

    public var message: String {
        switch self {
        case .notAVault:
            return "not a vault file, or it is corrupt"
        case .newerVersion(let version):
            return "the vault says it is format version \(version), newer than this vault reads (\(Envelope.newestVersion)); upgrade vault (or the file is damaged)"
        case .corrupt(let what):
            return "the vault is corrupt or was tampered with (\(what))"
        }
    }

    public var exitStatus: ExitStatus { .authenticationFailed }
}
