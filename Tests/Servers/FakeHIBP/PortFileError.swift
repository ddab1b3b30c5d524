/// The `--port-file` could not be written.
struct PortFileError: Error, CustomStringConvertible {
    let path: String
    let reason: String

    var description: String { "cannot write port file \(path): \(reason)" }
}
