/// Why a `--data` file was refused; the description is the message shown to the user.
struct DataFileError: Error, CustomStringConvertible {
    let path: String
    /// One-based line number, or nil when the whole file is at fault.
    let line: Int?
    let reason: String

    var description: String {
        if let line {
            return "data file \(path), line \(line): \(reason) (expected SHA1HEX:COUNT, 40 hex digits and a decimal count)"
        }
        return "data file \(path): \(reason)"
    }
}
