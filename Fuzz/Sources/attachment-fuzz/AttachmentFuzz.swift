import FuzzSupport
import Foundation
@testable import VaultCore

/// The sealing of an attachment's content (`AttachmentSealer`) under a fixed data key. The
/// input's first byte picks the cipher and a damage, its next two bytes a place, and the rest
/// is the content: its sealed file has the documented length, is the same when sealed again,
/// and opens to the content; the damaged file (cut short, grown by a byte, a byte flipped, two
/// chunks swapped, or opened as another content) is refused as tampered, never opened.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAttachment(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Fuzzer.bytes(data, size)
    guard bytes.count >= 3 else { return 0 }
    let cipher: Cipher = bytes[0] & 1 == 0 ? .xchacha20poly1305 : .aes256gcm
    let damage = Int(bytes[0] >> 1) % 5
    let place = Int(bytes[1]) << 8 | Int(bytes[2])
    let content = Array(bytes[3...])
    do {
        var key = [UInt8](repeating: 0x5A, count: 32)
        let sealer = try AttachmentSealer(dataKey: try SecureBytes(consuming: &key), cipher: cipher, vaultID: "0b1c2d3e-4f50-4617-8293-a4b5c6d7e8f9")
        let id = content.withUnsafeBytes { sealer.contentID(of: $0) }
        let sealed = try content.withUnsafeBytes { try sealer.seal($0, contentID: id) }
        Fuzzer.require(sealed.count == AttachmentSealer.sealedLength(contentLength: content.count), "a sealed file of another length")
        let again = try content.withUnsafeBytes { try sealer.seal($0, contentID: id) }
        Fuzzer.require(sealed == again, "sealing is not deterministic")
        let opened = try sealed.withUnsafeBytes { try sealer.open($0, contentID: id) }
        Fuzzer.require(opened.withUnsafeBytes { Array($0) } == content, "the sealed file opens to another content")

        var damaged = sealed
        var openedAs = id
        switch damage {
        case 0: damaged.removeSubrange((place % sealed.count)...)
        case 1: damaged.insert(bytes[2], at: place % (sealed.count + 1))
        case 2: damaged[place % sealed.count] ^= bytes[2] | 1
        case 3:
            let chunk = AttachmentSealer.chunkLength + Cipher.tagLength
            let chunks = (sealed.count - AttachmentSealer.magic.count + chunk - 1) / chunk
            guard chunks > 1 else { return 0 }
            let (first, second) = (place % (chunks - 1), place % (chunks - 1) + 1)
            let start = { (index: Int) in AttachmentSealer.magic.count + index * chunk }
            let a = Array(sealed[start(first)..<start(second)])
            let b = Array(sealed[start(second)..<min(start(second + 1), sealed.count)])
            damaged.replaceSubrange(start(first)..<min(start(second + 1), sealed.count), with: b + a)
        default:
            var other = content
            other.append(bytes[2])
            openedAs = other.withUnsafeBytes { sealer.contentID(of: $0) }
        }
        do {
            _ = try damaged.withUnsafeBytes { try sealer.open($0, contentID: openedAs) }
            Fuzzer.require(false, "a damaged sealed file opened (damage \(damage))")
        } catch let error as AttachmentError {
            Fuzzer.require(error == .tampered(contentID: openedAs), "a damaged sealed file refused with another error")
        }
    } catch {
        Fuzzer.require(false, "sealing or opening failed: \(error)")
    }
    return 0
}

/// The entry point SwiftPM links this executable through; libFuzzer's driver does the rest.
@_cdecl("attachment_fuzz_main")
public func attachmentFuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    Fuzzer.main(argc, argv, fuzzAttachment)
}
