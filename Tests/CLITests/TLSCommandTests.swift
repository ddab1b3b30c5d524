import CLITestSupport
import Foundation
import Testing

/// `vault tls` run as a real process against `tls-test-server`s on loopback, serving the
/// certificates of Fixtures/tls; every verdict is checked against `openssl s_client
/// -verify_return_error` on the same server.
@Suite("vault tls: certificate verdicts")
struct TLSVerdictTests {
    @Test("each test chain gets its verdict and findings, and s_client agrees on whether to trust it", arguments: [
        ("good", 0, [String]()),
        ("good-rsa", 0, []),
        ("expired", 10, ["expired"]),
        ("future", 10, ["not-yet-valid"]),
        ("wrong-host", 10, ["hostname-mismatch"]),
        ("self-signed", 10, ["self-signed"]),
        ("untrusted", 10, ["untrusted-root"]),
        ("no-intermediate", 10, ["incomplete-chain"]),
        ("rsa-1024", 10, ["unverifiable", "weak-key"]),
        ("sha1", 10, ["weak-signature"]),
        ("client-only", 10, ["invalid-chain"]),
    ])
    func verdict(certificate: String, status: Int32, findings: [String]) async throws {
        let fixture = try VaultFixture()
        try await TLSTestSite.with(certificate: certificate) { site in
            let result = try await fixture.run(["tls", site.address, "--ca-file", TLSTestSite.root, "--json", "--no-headers"])
            #expect(result.status == status, "\(result)")
            let report = try JSONValue.object(result.stdoutData)
            let ids = (report["findings"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
            #expect(ids == findings, "\(result)")
            #expect(report["verdict"] as? String == (status == 0 ? "trusted" : "untrusted"))
            let opensslTrusts = try await OpenSSLClient.accepts(port: site.port)
            #expect(opensslTrusts == (status == 0), "s_client disagrees about \(certificate)")
        }
    }

    @Test("the text report names the verdict, each finding, the protocol and every certificate")
    func text() async throws {
        let fixture = try VaultFixture()
        try await TLSTestSite.with(certificate: "expired") { site in
            let result = try await fixture.run(["tls", site.address, "--ca-file", TLSTestSite.root, "--no-headers"])
            #expect(result.status == 10)
            let text = result.stdout
            #expect(text.hasPrefix("\(site.address): NOT TRUSTWORTHY\n"), "\(result)")
            #expect(text.contains("critical     expired: certificate 0 (CN=localhost) expired on 2021-01-01"))
            #expect(text.contains("protocol     TLS 1.3, TLS_"))
            #expect(text.contains("certificate 0 CN=localhost"))
            #expect(text.contains("certificate 1 O=Vault Test,CN=Vault Test Intermediate CA"))
            #expect(text.contains("names      DNS:localhost, IP:127.0.0.1, IP:::1"))
            #expect(text.contains("valid      2020-01-01 to 2021-01-01"))
            #expect(text.contains("key        EC P-256"))
            #expect(text.contains("key        RSA 2048 bits"))
            #expect(text.contains("signature  sha256WithRSAEncryption"))
        }
    }

    @Test("without --ca-file the system's roots are used, which do not know the test root")
    func systemRoots() async throws {
        let fixture = try VaultFixture()
        try await TLSTestSite.with(certificate: "good") { site in
            let result = try await fixture.run(["tls", site.address, "--json", "--no-headers"])
            #expect(result.status == 10, "\(result)")
            let report = try JSONValue.object(result.stdoutData)
            let ids = (report["findings"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
            #expect(ids == ["unknown-issuer"])
            #expect(report["trust_roots"] as? String == "the system trust store")
            let trusted = try await fixture.run(
                ["tls", site.address, "--ca-file", TLSTestSite.root, "--with-system-roots", "--no-headers"])
            #expect(trusted.status == 0, "\(trusted)")
        }
    }

    @Test("a certificate expiring in 10 days is trusted with a warning")
    func expiringSoon() async throws {
        let fixture = try VaultFixture()
        let made = try await ExternalProgram.run(
            TLSTestSite.fixtures + "/make-certs", ["--expiring-soon", fixture.root], environment: ["PATH": "/usr/bin:/bin"])
        try #require(made.status == 0, "\(made)")
        try await TLSTestSite.with(certificate: "soon", in: fixture.root) { site in
            let result = try await fixture.run(["tls", site.address, "--ca-file", TLSTestSite.root, "--json", "--no-headers"])
            #expect(result.status == 0, "\(result)")
            let report = try JSONValue.object(result.stdoutData)
            let findings = report["findings"] as? [[String: Any]] ?? []
            #expect(findings.map { $0["id"] as? String } == ["expires-soon"])
            #expect(findings.first?["severity"] as? String == "warning")
            #expect(try await OpenSSLClient.accepts(port: site.port))
        }
    }

    @Test("an IP address is checked against the certificate's IP names and sent without SNI")
    func ipAddress() async throws {
        let fixture = try VaultFixture()
        try await TLSTestSite.with(certificate: "good") { site in
            let result = try await fixture.run(["tls", "127.0.0.1:\(site.port)", "--ca-file", TLSTestSite.root, "--json", "--no-headers"])
            #expect(result.status == 0, "\(result)")
            let report = try JSONValue.object(result.stdoutData)
            #expect(report["server_name"] is NSNull)
            let wrong = try await TLSTestSite.with(certificate: "wrong-host") { wrongSite in
                try await fixture.run(["tls", "127.0.0.1:\(wrongSite.port)", "--ca-file", TLSTestSite.root, "--no-headers"])
            }
            #expect(wrong.status == 10 && wrong.stdout.contains("not 127.0.0.1"), "\(wrong)")
        }
    }

    @Test("--servername and --connect-to check one name against another address")
    func otherAddress() async throws {
        let fixture = try VaultFixture()
        try await TLSTestSite.with(certificate: "wrong-host") { site in
            let connect = try await fixture.run(
                ["tls", "wrong.example:\(site.port)", "--connect-to", "127.0.0.1:\(site.port)", "--ca-file", TLSTestSite.root, "--json", "--no-headers"])
            #expect(connect.status == 0, "\(connect)")
            let report = try JSONValue.object(connect.stdoutData)
            #expect(report["connected_to"] as? String == "127.0.0.1:\(site.port)")
            #expect(report["server_name"] as? String == "wrong.example")
            let named = try await fixture.run(
                ["tls", site.address, "--servername", "wrong.example", "--ca-file", TLSTestSite.root, "--no-headers"])
            #expect(named.status == 0, "\(named)")
            #expect(try await OpenSSLClient.accepts(port: site.port, name: "wrong.example"))
        }
    }

    @Test("--pin passes when the leaf's or the root's SPKI pin is given, and fails otherwise")
    func pins() async throws {
        let fixture = try VaultFixture()
        let leafPin = try await OpenSSLClient.pin(ofFirstCertificateIn: TLSTestSite.fixtures + "/good-chain.pem")
        let rootPin = try await OpenSSLClient.pin(ofFirstCertificateIn: TLSTestSite.root)
        let otherPin = try await OpenSSLClient.pin(ofFirstCertificateIn: TLSTestSite.fixtures + "/other-root.pem")
        try await TLSTestSite.with(certificate: "good") { site in
            let base = ["tls", site.address, "--ca-file", TLSTestSite.root, "--no-headers"]
            let shown = try await fixture.run(base + ["--json"])
            let certificates = try JSONValue.object(shown.stdoutData)["certificates"] as? [[String: Any]] ?? []
            #expect(certificates.first?["pin"] as? String == leafPin)
            #expect(try await fixture.run(base + ["--pin", leafPin]).status == 0)
            let singleSlash = "sha256/" + leafPin.dropFirst("sha256//".count)
            #expect(try await fixture.run(base + ["--pin", otherPin, "--pin", singleSlash]).status == 0)
            #expect(try await fixture.run(base + ["--pin", rootPin]).status == 0)
            let wrong = try await fixture.run(base + ["--pin", otherPin])
            #expect(wrong.status == 10 && wrong.stdout.contains("pin-mismatch"), "\(wrong)")
            expectUsageError(try await fixture.run(base + ["--pin", "sha256//tooshort"]), mentioning: "is not a pin")
        }
    }
}

@Suite("vault tls: protocols and broken servers")
struct TLSProtocolTests {
    @Test("a server limited to TLS 1.0 or 1.1 is not trustworthy, and s_client refuses it too", arguments: ["1.0", "1.1"])
    func oldProtocol(version: String) async throws {
        let fixture = try VaultFixture()
        try await TLSTestSite.with(certificate: "good-rsa", options: ["--min-tls", version, "--max-tls", version]) { site in
            let result = try await fixture.run(["tls", site.address, "--ca-file", TLSTestSite.root, "--json", "--no-headers"])
            #expect(result.status == 10, "\(result)")
            let report = try JSONValue.object(result.stdoutData)
            #expect(report["protocol"] as? String == "TLS \(version)")
            #expect((report["cipher_suite"] as? String)?.hasPrefix("TLS_ECDHE_RSA_WITH_") == true)
            let ids = (report["findings"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
            #expect(ids == ["old-protocol"])
            #expect(try await OpenSSLClient.accepts(port: site.port) == false)
        }
    }

    @Test("a server that takes TLS 1.3 but still accepts TLS 1.0 is trusted with a warning")
    func legacyAccepted() async throws {
        let fixture = try VaultFixture()
        try await TLSTestSite.with(certificate: "good-rsa", options: ["--min-tls", "1.0"]) { site in
            let result = try await fixture.run(["tls", site.address, "--ca-file", TLSTestSite.root, "--no-headers"])
            #expect(result.status == 0, "\(result)")
            #expect(result.stdout.contains("protocol     TLS 1.3"))
            #expect(result.stdout.contains("warning      legacy-protocol-accepted: the server still accepts TLS 1.1"))
        }
    }

    /// A server that answers is given a minute, so that only its answer decides, however busy
    /// the machine (two seconds were once too few for a connection on loopback); one that never
    /// answers is given two.
    @Test("a server that sends garbage, closes, or never answers gets a one-line error and exit 1", arguments: [
        ("garbage", 60, "did not answer in TLS"),
        ("close", 60, "closed the connection during the TLS handshake"),
        ("hang", 2, "no answer within 2 s during the TLS handshake"),
        ("stall", 2, "no answer within 2 s during the TLS handshake"),
    ])
    func brokenServer(mode: String, timeout: Int, message: String) async throws {
        let fixture = try VaultFixture()
        try await TLSTestSite.with(misbehaving: mode) { site in
            let result = try await fixture.run(["tls", site.address, "--timeout", "\(timeout)"])
            expectFailure(result, status: 1, mentioning: "cannot audit \(site.address)", message)
            let json = try await fixture.run(["tls", site.address, "--timeout", "\(timeout)", "--json"])
            #expect(json.status == 1)
            let report = try JSONValue.object(json.stdoutData)
            #expect(report["verdict"] as? String == "error")
            #expect((report["error"] as? String)?.contains(message) == true, "\(json)")
        }
    }

    @Test("a server that insists on SSL 3.0 or refuses every TLS version is not trustworthy, though no handshake completes", arguments: [
        ("ssl3", "the server insisted on SSL 3.0"),
        ("refuse", "the server refused every version from TLS 1.0 to 1.3"),
    ])
    func refusedHandshake(mode: String, detail: String) async throws {
        let fixture = try VaultFixture()
        try await TLSTestSite.with(misbehaving: mode) { site in
            let result = try await fixture.run(["tls", site.address, "--timeout", "60", "--json"])
            #expect(result.status == 10, "\(result)")
            let report = try JSONValue.object(result.stdoutData)
            #expect(report["verdict"] as? String == "untrusted")
            #expect(report["error"] is String, "the failed handshake is reported too")
            let findings = report["findings"] as? [[String: Any]] ?? []
            #expect(findings.compactMap { $0["id"] as? String }.contains("old-protocol"))
            #expect(findings.contains { ($0["detail"] as? String)?.hasPrefix(detail) == true }, "\(result)")
            #expect(try await OpenSSLClient.accepts(port: site.port) == false)
        }
    }

    // In TLS 1.2 a client learns that its missing certificate is refused before the handshake
    // ends; in TLS 1.3 only afterwards.
    @Test("when the handshake fails after the server's certificates, they are still shown")
    func certificatesOfFailedHandshake() async throws {
        let fixture = try VaultFixture()
        try await TLSTestSite.with(certificate: "expired", options: ["--require-client-certificate", "--max-tls", "1.2"]) { site in
            let result = try await fixture.run(["tls", site.address, "--ca-file", TLSTestSite.root, "--no-headers"])
            #expect(result.status == 10, "an expired certificate is enough to condemn it: \(result)")
            #expect(result.stdout.contains("critical     expired: certificate 0 (CN=localhost)"), "\(result)")
            #expect(result.stdout.contains("error        the TLS handshake failed"), "\(result)")
        }
        try await TLSTestSite.with(certificate: "good", options: ["--require-client-certificate", "--max-tls", "1.2"]) { site in
            let result = try await fixture.run(["tls", site.address, "--ca-file", TLSTestSite.root, "--no-headers"])
            #expect(result.status == 1, "\(result)")
            #expect(result.stdout.contains("certificate 0 CN=localhost"), "\(result)")
            #expect(result.stderrLines.count == 1 && result.stderr.contains("cannot audit \(site.address): the TLS handshake failed"), "\(result)")
        }
    }

    @Test("a cipher suite without forward secrecy is a warning")
    func weakCipher() async throws {
        let fixture = try VaultFixture()
        try await TLSTestSite.with(certificate: "good-rsa", options: ["--max-tls", "1.2", "--ciphers", "AES128-GCM-SHA256"]) { site in
            let result = try await fixture.run(["tls", site.address, "--ca-file", TLSTestSite.root, "--no-headers"])
            #expect(result.status == 0, "\(result)")
            #expect(result.stdout.contains("protocol     TLS 1.2, TLS_RSA_WITH_AES_128_GCM_SHA256"), "\(result)")
            #expect(result.stdout.contains("warning      weak-cipher: the server chose TLS_RSA_WITH_AES_128_GCM_SHA256, which has no forward secrecy"))
        }
    }

    @Test("a closed port and an unknown host are errors, not verdicts")
    func noConnection() async throws {
        let fixture = try VaultFixture()
        let port = try ClosedPort.find()
        expectFailure(try await fixture.run(["tls", "127.0.0.1:\(port)", "--timeout", "2"]), status: 1,
                      mentioning: "cannot audit 127.0.0.1:\(port): cannot connect: connection refused")
        expectFailure(try await fixture.run(["tls", "no-such-host.invalid", "--timeout", "2"]), status: 1,
                      mentioning: "cannot audit no-such-host.invalid:443")
    }

    @Test("wrong usage is refused with 64, an unreadable --ca-file with 1", arguments: [
        (["tls"], "give one of"),
        (["tls", "localhost", "--all"], "give one of"),
        (["tls", "http://localhost/"], "plain HTTP"),
        (["tls", "localhost:99999"], "port must be"),
        (["tls", "localhost", "--with-system-roots"], "--with-system-roots only goes with --ca-file"),
        (["tls", "--all", "--connect-to", "127.0.0.1:443"], "only go with a single"),
        (["tls", "localhost", "--timeout", "0"], "--timeout"),
    ])
    func usage(arguments: [String], message: String) async throws {
        let fixture = try VaultFixture()
        expectUsageError(try await fixture.run(arguments), mentioning: message)
    }

    @Test("a --ca-file that is missing or not PEM is a one-line error")
    func badRoots() async throws {
        let fixture = try VaultFixture()
        expectFailure(try await fixture.run(["tls", "localhost", "--ca-file", fixture.path("missing.pem")]), status: 1,
                      mentioning: "cannot use the trust roots in", "cannot read it")
        let notPEM = try VaultFixture.writeFile(fixture.path("notes.pem"), "just words\n")
        expectFailure(try await fixture.run(["tls", "localhost", "--ca-file", notPEM]), status: 1,
                      mentioning: "holds no PEM certificate")
    }
}
