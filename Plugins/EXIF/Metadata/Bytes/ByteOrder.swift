/// The byte order of a TIFF structure: `II` (Intel, little-endian) or `MM` (Motorola, big-endian).
public enum ByteOrder: Sendable {
    case littleEndian
    case bigEndian
}
