import FuzzSupport
import Foundation
@testable import SSHAgent
import VaultCore

/// An SSH key entry's private key (`SSHKeyFile`) on any bytes, without a passphrase (so that no
/// key derivation runs: a file's own bcrypt rounds would make each input seconds long). The
/// input's first byte says how the rest is given: as the entry's text itself, or Base64 inside
/// the armour of an OpenSSH, PKCS#8, PKCS#1 or SEC1 key (so that the binary formats are reached
/// without Base64 first). Either an `SSHKeyFileError`, or a key whose public key is the file's
/// (`publicKeyWithoutPassphrase(of:)`), whose blob reads back as itself, and which signs with each of its
/// algorithms, each signature naming that algorithm.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSSHKeyFile(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = Fuzzer.bytes(data, size)
    guard let mode = input.first else { return 0 }
    let body = input.dropFirst()
    let labels = ["OPENSSH PRIVATE KEY", "PRIVATE KEY", "RSA PRIVATE KEY", "EC PRIVATE KEY"]
    let armoured = Int(mode) % 5 == 0
        ? Array(body)
        : Array(("-----BEGIN \(labels[Int(mode) % 5 - 1])-----\n" + Data(body).base64EncodedString(options: .lineLength64Characters)
            + "\n-----END \(labels[Int(mode) % 5 - 1])-----\n").utf8)
    guard let text = try? armoured.withUnsafeBytes({ try SecureBytes(copying: $0) }) else { return 0 }
    let opened: SSHKeyFile.Opened
    do { opened = try SSHKeyFile.open(text, passphrase: nil) } catch { return 0 }
    let publicKey = opened.key.publicKey
    Fuzzer.require((try? SSHKeyFile.publicKeyWithoutPassphrase(of: text)) == publicKey, "the file's public key is not the key's")
    let reread = try? publicKey.bytes.withUnsafeBytes { try SSHPublicKeyBlob(reading: $0) }
    Fuzzer.require(reread == publicKey, "a public key blob does not read back as itself")
    let algorithms: [SSHSignatureAlgorithm] = publicKey.kind == .rsa
        ? [.rsaSHA256, .rsaSHA512, .rsaSHA1] : [SSHSignatureAlgorithm(kind: publicKey.kind, flags: 0)]
    for algorithm in algorithms {
        guard let signature = try? opened.key.signature(of: Array("data".utf8), algorithm: algorithm) else {
            Fuzzer.require(false, "an opened key cannot sign with \(algorithm.name)")
            return 0
        }
        let name = try? signature.withUnsafeBytes { bytes in
            var reader = SSHWireReader(bytes)
            return try reader.text()
        }
        Fuzzer.require(name == algorithm.name, "a signature names \(name ?? "nothing"), not \(algorithm.name)")
    }
    return 0
}

@_cdecl("ssh_key_file_fuzz_main")
public func sshKeyFileFuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    Fuzzer.main(argc, argv, fuzzSSHKeyFile)
}
