/// Why an attachment's sealed content could not be opened.
public enum AttachmentError: VaultFailure, Equatable {
    /// The sealed content did not authenticate, or is not the content its entry names (a file
    /// changed, cut short, swapped for another, or of another vault).
    case tampered(contentID: String)

    public var message: String {
        switch self {
        case .tampered(let contentID):
            return "the attachment \(contentID.prefix(16))… is corrupt or was tampered with (it does not authenticate)"
        }
    }

    public var exitStatus: ExitStatus { .authenticationFailed }
}
