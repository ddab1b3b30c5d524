/// A secret reference that cannot be read, or that names what the vault does not hold. The
/// message names the reference (never its value) so that a person can find it in a template or
/// an environment file.
public enum SecretReferenceError: VaultFailure, Equatable {
    /// Text given where a reference was expected.
    case notAReference(String)
    /// A reference that does not parse, and why.
    case malformed(String, String)
    /// A well-formed reference whose entry or field is not there (or whose code cannot be
    /// issued): why, and the exit status of that failure.
    case unresolved(SecretReference, String, ExitStatus)

    public var message: String {
        switch self {
        case .notAReference(let text): "'\(text)' is not a secret reference (vault://NAME or vault://NAME#FIELD)"
        case .malformed(let text, let why): "'\(text)' is not a valid secret reference: \(why)"
        case .unresolved(let reference, let why, _): "\(reference): \(why)"
        }
    }

    public var exitStatus: ExitStatus {
        switch self {
        case .notAReference, .malformed: .usage
        case .unresolved(_, _, let status): status
        }
    }
}
