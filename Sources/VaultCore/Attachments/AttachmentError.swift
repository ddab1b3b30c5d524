/// Why an attachment's sealed content could not be opened.
public enum AttachmentError: VaultFailure, Equatable {
    /// The sealed content did not authenticate, or is not the content its entry names (a file
    /// changed, cut short, swapped for another, or of another vault).
    case tampered(contentID: String)
    /// The sealed content of the attachment called `name` is not beside the vault on this machine.
    case missing(name: String)

    public var message: String {
        switch self {
        case .tampered(let contentID):
            return "the attachment \(contentID.prefix(16))… is corrupt or was tampered with (it does not authenticate)"
        case .missing(let name):
            return "the content of the attachment '\(name)' is not on this machine (its sealed file is missing beside the vault; vault sync may bring it, vault attach rm removes the attachment)"
        }
    }

    public var exitStatus: ExitStatus {
        switch self {
        case .tampered: .authenticationFailed
        case .missing: .notFound
        }
    }
}
