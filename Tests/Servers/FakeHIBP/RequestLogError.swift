/// The `--log` file could not be opened.
struct RequestLogError: Error, CustomStringConvertible {
    let path: String
    let reason: String

    var description: String { "cannot open log file \(path): \(reason)" }
}
