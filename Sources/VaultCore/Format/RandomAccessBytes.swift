/// Bytes read in pieces at chosen offsets: how `VaultFileLookup` reads a vault file, so that
/// it reads only the parts it needs. The store gives an open file (`ReadOnlyFile`); an array
/// is its own whole file.
public protocol RandomAccessBytes {
    /// How many bytes there are.
    var count: Int { get }
    /// The bytes at `range`, which lies within `0..<count`.
    func read(_ range: Range<Int>) throws -> [UInt8]
}

extension Array: RandomAccessBytes where Element == UInt8 {
    public func read(_ range: Range<Int>) -> [UInt8] { Array(self[range]) }
}
