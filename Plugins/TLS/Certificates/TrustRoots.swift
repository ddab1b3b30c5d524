import FoundationEssentials
import SwiftASN1
import X509

/// The certificates the auditor trusts as roots: the system's store (`/etc/ssl/certs`), the
/// ones in `--ca-file`, or both with `--with-system-roots`.
struct TrustRoots: Sendable {
    let store: CertificateStore
    /// Where they came from, for the report: "the system trust store", "root.pem".
    let origin: String

    static let systemBundle = "/etc/ssl/certs/ca-certificates.crt"

    /// The roots of `--ca-file` (nil: the system's), plus the system's when asked.
    static func load(caFile: String?, withSystemRoots: Bool) throws(TLSAuditError) -> TrustRoots {
        guard let caFile else {
            return TrustRoots(store: CertificateStore(try systemRoots()), origin: "the system trust store")
        }
        let own = try certificates(in: caFile)
        guard withSystemRoots else { return TrustRoots(store: CertificateStore(own), origin: caFile) }
        return TrustRoots(store: CertificateStore(own + (try systemRoots())), origin: caFile + " and the system trust store")
    }

    /// Every certificate of a PEM file; an error when it cannot be read, a block is not a
    /// certificate swift-certificates accepts, or there is none.
    private static func certificates(in path: String) throws(TLSAuditError) -> [Certificate] {
        let documents = try pemDocuments(in: path)
        var certificates: [Certificate] = []
        for document in documents where document.discriminator == "CERTIFICATE" {
            guard let certificate = CertificateParsing.certificate(der: document.derBytes) else {
                throw .unreadableRoots(path, "certificate \(certificates.count + 1) in it cannot be parsed")
            }
            certificates.append(certificate)
        }
        guard !certificates.isEmpty else { throw .unreadableRoots(path, "it holds no PEM certificate") }
        return certificates
    }

    /// The system bundle's certificates, passing over any that cannot be parsed (a system store
    /// is not ours to reject).
    private static func systemRoots() throws(TLSAuditError) -> [Certificate] {
        try pemDocuments(in: systemBundle).filter { $0.discriminator == "CERTIFICATE" }
            .compactMap { CertificateParsing.certificate(der: $0.derBytes) }
    }

    private static func pemDocuments(in path: String) throws(TLSAuditError) -> [PEMDocument] {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw .unreadableRoots(path, "cannot read it")
        }
        guard let documents = try? PEMDocument.parseMultiple(pemString: text) else {
            throw .unreadableRoots(path, "it is not PEM")
        }
        return documents
    }
}
