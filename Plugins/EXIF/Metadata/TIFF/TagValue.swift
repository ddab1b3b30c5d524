/// A fraction as TIFF stores it (RATIONAL unsigned, SRATIONAL signed).
public struct Rational: Sendable, Equatable {
    public let numerator: Int64
    public let denominator: Int64

    /// The value, or nil for a zero denominator.
    public var double: Double? { denominator == 0 ? nil : Double(numerator) / Double(denominator) }
}

/// The value of a TIFF field, decoded by its type (TIFF 6.0 section 2, Exif 2.32 4.6.2).
public enum TagValue: Sendable, Equatable {
    /// BYTE, SHORT, LONG, SBYTE, SSHORT, SLONG, IFD.
    case integers([Int64])
    /// RATIONAL, SRATIONAL.
    case rationals([Rational])
    /// FLOAT, DOUBLE.
    case reals([Double])
    /// ASCII, up to its first NUL.
    case text(String)
    /// UNDEFINED, and any type this reader does not know.
    case bytes([UInt8])

    /// The first integer, if the value holds integers.
    public var firstInteger: Int64? {
        if case .integers(let values) = self { return values.first }
        return nil
    }

    public var rationals: [Rational]? {
        if case .rationals(let values) = self { return values }
        return nil
    }
}
