import CZlib

/// DEFLATE decompression (RFC 1951), bare or in zlib's wrapper (RFC 1950), through zlib, with a
/// limit on what the data may grow to: ZIP members and compressed PNG text are read with it, and
/// a small input that would inflate past its limit (a "bomb") is refused after at most one chunk
/// beyond the limit has been made.
public enum Inflate {
    /// How the compressed stream is framed.
    public enum Framing: Sendable {
        /// Bare DEFLATE, as in a ZIP member.
        case raw
        /// zlib's header and Adler-32 checksum around DEFLATE, as in PNG's zTXt, iTXt and iCCP.
        case zlib
        /// gzip's header and CRC-32 around DEFLATE (RFC 1952), as in KeePass's compressed binaries.
        case gzip
    }

    /// The bytes `data` inflates to, or nil when it is not a complete stream of that framing
    /// (damaged, cut short, a wrong checksum) or would inflate to more than `limit` bytes. Bytes
    /// after the end of the stream are ignored.
    public static func bytes(of data: some Collection<UInt8>, framing: Framing, limit: Int) -> [UInt8]? {
        guard limit >= 0, data.count <= Int(UInt32.max) else { return nil }
        var input = Array(data)
        // zlib keeps the stream's address in its state and refuses a stream that moved: it lives
        // on the heap, where nothing moves it, for as long as zlib has it.
        let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        defer { stream.deallocate() }
        let windowBits = switch framing {
        case .raw: -MAX_WBITS
        case .zlib: MAX_WBITS
        case .gzip: 16 + MAX_WBITS
        }
        guard inflateInit2_(stream, windowBits, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { inflateEnd(stream) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        return input.withUnsafeMutableBufferPointer { source -> [UInt8]? in
            stream.pointee.next_in = source.baseAddress
            stream.pointee.avail_in = uInt(source.count)
            while true {
                let status = chunk.withUnsafeMutableBufferPointer { target -> Int32 in
                    stream.pointee.next_out = target.baseAddress
                    stream.pointee.avail_out = uInt(target.count)
                    return inflate(stream, Z_NO_FLUSH)
                }
                let produced = chunk.count - Int(stream.pointee.avail_out)
                guard output.count + produced <= limit else { return nil }
                output.append(contentsOf: chunk[..<produced])
                switch status {
                case Z_STREAM_END: return output
                case Z_OK: continue
                default: return nil  // Z_BUF_ERROR: the input ended before the stream did; Z_NEED_DICT, Z_DATA_ERROR
                }
            }
        }
    }
}
