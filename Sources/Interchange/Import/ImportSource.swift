/// What `vault import` reads from: the bytes of a file, or a folder (a password store).
public enum ImportSource: Sendable {
    case bytes([UInt8])
    case folder(String)
}
