import Dispatch
import FoundationEssentials
import FuzzSupport
import NIOSSL
import SwiftASN1
import VaultCLI
import X509
@testable import TLSAudit

/// A server's certificates, as DER, through vault's own reading of them and its chain judge.
/// An input is a flags byte (bits 0-1: the name audited, `localhost`, `127.0.0.1`, `::1` or
/// `example.com`; bit 2: the last certificate is also the trusted root), then up to four DER
/// elements one after the other, split by their outer length (what is left is the last).
///
/// Each element goes through `CertificateParts` and `CertificateParsing` on their own and, as
/// the auditor receives it, through BoringSSL (`NIOSSLCertificate`) into `CertificateDetails`.
/// None may trap (AddressSanitizer also stops on the libraries' memory errors); where
/// swift-certificates reads the certificate too, vault's reading agrees with it (names, dates,
/// extensions, and the pin of the certificate re-encoded, as a root from the store is pinned).
/// The chain of details is judged twice, to the same verdict, on 2027-01-01, with findings only
/// about certificates of the chain (Fuzz/seeds/certificate/README.md).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCertificate(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = Fuzzer.bytes(data, size)
    guard let flags = input.first else { return 0 }
    var chain: [CertificateDetails] = []
    for element in SentChain.elements(Array(input.dropFirst())) {
        if let parts = try? CertificateParts(der: element) { describe(parts) }
        _ = CertificateParsing.certificate(der: element)  // as a root from a PEM file is read
        guard let sent = try? NIOSSLCertificate(bytes: element, format: .der),
              let details = try? CertificateDetails(sent) else { continue }
        check(details)
        chain.append(details)
    }
    guard !chain.isEmpty else { return 0 }
    let judge = SentChain.judge(flags: flags, chain: chain)
    let sent = chain
    let first = SentChain.blocking { await judge.assess(sent) }
    let second = SentChain.blocking { await judge.assess(sent) }
    Fuzzer.require(first.findings == second.findings && first.path == second.path && first.earliestExpiry == second.earliestExpiry,
                   "the same chain judged twice: \(first.findings) then \(second.findings)")
    for finding in first.findings {
        Fuzzer.require(finding.certificate.map(chain.indices.contains) ?? true, "a finding about certificate \(finding.certificate!) of \(chain.count)")
    }
    for certificate in first.path { _ = CertificateDetails.pin(of: certificate) }
    return 0
}

/// Everything the report shows of a certificate's parts.
private func describe(_ parts: CertificateParts) {
    _ = (parts.subject.description, parts.issuer.description, parts.alternativeNames, parts.key.text, parts.key.weakness)
    let signature = SignatureAlgorithm(oid: parts.signatureAlgorithm)
    _ = (signature.name, signature.weakness)
    _ = (DayText.of(parts.notBefore), DayText.timestamp(parts.notAfter), CertificateDetails.daysLeft(until: parts.notAfter, at: SentChain.now))
}

/// Vault's reading of a certificate agrees with swift-certificates' where both read it.
private func check(_ details: CertificateDetails) {
    describe(details.parts)
    Fuzzer.require(details.pin.hasPrefix("sha256//") && details.pin.utf8.count == 52, "a pin of the wrong form: \(details.pin)")
    guard let certificate = details.certificate else { return }
    Fuzzer.require(details.parts.subject == certificate.subject && details.parts.issuer == certificate.issuer, "names differ from swift-certificates'")
    Fuzzer.require(details.parts.notBefore == certificate.notValidBefore && details.parts.notAfter == certificate.notValidAfter,
                   "dates differ from swift-certificates': \(details.parts.notBefore) \(details.parts.notAfter), \(certificate.notValidBefore) \(certificate.notValidAfter)")
    Fuzzer.require(details.parts.extensions == Array(certificate.extensions), "extensions differ from swift-certificates'")
    Fuzzer.require(CertificateDetails.pin(of: certificate) == details.pin, "the pin of the certificate re-encoded differs")
}

enum SentChain {
    /// The moment of every judgement, 2027-01-01: after the test PKI of Fixtures/tls was made.
    static let now = Date(timeIntervalSince1970: 1_798_761_600)

    /// Up to four DER elements, each its tag, its length and what that length covers; what does
    /// not parse as one ends the list as the last element.
    static func elements(_ bytes: [UInt8]) -> [[UInt8]] {
        var elements: [[UInt8]] = []
        var rest = bytes[...]
        while !rest.isEmpty {
            guard elements.count < 3, let length = elementLength(rest), length <= rest.count else {
                elements.append(Array(rest))
                break
            }
            elements.append(Array(rest.prefix(length)))
            rest = rest.dropFirst(length)
        }
        return elements
    }

    /// The whole length of the DER element at the start of `bytes`: a one-byte tag, a short or
    /// long (up to four bytes) length, the content.
    private static func elementLength(_ bytes: ArraySlice<UInt8>) -> Int? {
        let start = bytes.startIndex
        guard bytes.count >= 2 else { return nil }
        let first = Int(bytes[start + 1])
        if first < 0x80 { return 2 + first }
        let size = first & 0x7F
        guard (1...4).contains(size), bytes.count >= 2 + size else { return nil }
        return 2 + size + bytes[(start + 2)..<(start + 2 + size)].reduce(0) { $0 << 8 | Int($1) }
    }

    /// A judge for the name the flags choose, trusting the chain's last certificate if they say so.
    static func judge(flags: UInt8, chain: [CertificateDetails]) -> ChainJudge {
        let identities = [
            ServerIdentity(name: "localhost", isIPAddress: false), ServerIdentity(name: "127.0.0.1", isIPAddress: true),
            ServerIdentity(name: "::1", isIPAddress: true), ServerIdentity(name: "example.com", isIPAddress: false),
        ]
        let root = flags & 4 != 0 ? chain.last?.certificate : nil
        let roots = TrustRoots(store: CertificateStore(root.map { [$0] } ?? []), origin: "the fuzzer's roots")
        return ChainJudge(roots: roots, identity: identities[Int(flags & 3)], now: now)
    }

    /// The result of `work`, waited for on this thread.
    static func blocking<T: Sendable>(_ work: @escaping @Sendable () async -> T) -> T {
        let result = Result<T>()
        let done = DispatchSemaphore(value: 0)
        Task {
            result.value = await work()
            done.signal()
        }
        done.wait()
        return result.value!
    }

    /// A value handed from a task to the waiting thread (the semaphore orders the accesses).
    final class Result<T>: @unchecked Sendable {
        var value: T?
    }
}

@_cdecl("certificate_fuzz_main")
public func certificateFuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    Fuzzer.main(argc, argv, fuzzCertificate)
}
