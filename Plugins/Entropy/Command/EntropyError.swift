import VaultCore

/// What can go wrong in `vault entropy`.
enum EntropyError: VaultFailure {
    case notText(line: Int?)
    case lineTooLong(line: Int, limit: Int)
    case noPasswords

    var message: String {
        switch self {
        case .notText(let line?): "line \(line): not valid UTF-8 text, skipped"
        case .notText(nil): "the password is not valid UTF-8 text"
        case .lineTooLong(let line, let limit): "line \(line): longer than \(limit / 1024) KiB, skipped"
        case .noPasswords: "no passwords on standard input (one per line)"
        }
    }

    var exitStatus: ExitStatus { .failure }
}
