/// The `--port-file` could not be written.
public struct PortFileError: Error, CustomStringConvertible {
    public let path: String
    public let reason: String

    public var description: String { "cannot write port file \(path): \(reason)" }
}
