import ArgumentParser
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import TestServerSupport

/// `tls-test-server`: an HTTPS server on loopback for the TLS auditor's tests, serving a given
/// certificate chain with given protocol versions and response headers, or misbehaving.
struct TLSTestServerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tls-test-server",
        abstract: "An HTTPS server on loopback for the TLS auditor's tests.",
        discussion: """
            Serves HTTPS with the certificate chain of --chain (sent exactly as in the file) and \
            the key of --key, answering every request with 200 and the --header fields, or with \
            a 301 for a --redirect path. With --misbehave it speaks no TLS at all and fails a \
            client in that way instead. Runs until SIGTERM or SIGINT.
            """)

    @Option(help: ArgumentHelp("The certificates to send, leaf first (PEM).", valueName: "pem"))
    var chain: String?

    @Option(help: ArgumentHelp("The leaf's private key (PEM).", valueName: "pem"))
    var key: String?

    @Option(name: .customLong("min-tls"), help: "The oldest version to accept: 1.0, 1.1, 1.2 or 1.3.")
    var minimumVersion = "1.2"

    @Option(name: .customLong("max-tls"), help: "The newest version to accept: 1.0, 1.1, 1.2 or 1.3.")
    var maximumVersion = "1.3"

    @Option(help: ArgumentHelp("The TLS 1.2 and older cipher suites to offer, in OpenSSL's syntax.", valueName: "list"))
    var ciphers: String?

    @Flag(name: .customLong("require-client-certificate"), help: "Fail every client that does not present a certificate.")
    var requireClientCertificate = false

    @Option(name: .customLong("header"), help: ArgumentHelp("A response header, NAME: VALUE (repeatable).", valueName: "field"))
    var headers: [String] = []

    @Option(name: .customLong("redirect"), help: ArgumentHelp("Answer PATH with 301 to LOCATION (repeatable).", valueName: "path=location"))
    var redirects: [String] = []

    @Option(help: ArgumentHelp("Fail clients this way instead of speaking TLS.", valueName: "mode"))
    var misbehave: Misbehaviour?

    @Option(help: ArgumentHelp("Append a line to this file for every connection accepted.", valueName: "file"))
    var log: String?

    @Option(help: "Address to listen on.")
    var host = "127.0.0.1"

    @Option(help: ArgumentHelp("Write the bound port and a newline to this file once listening.", valueName: "file"))
    var portFile: String?

    private static let versions: [String: TLSVersion] = ["1.0": .tlsv1, "1.1": .tlsv11, "1.2": .tlsv12, "1.3": .tlsv13]

    func validate() throws {
        if misbehave == nil && (chain == nil || key == nil) { throw ValidationError("--chain and --key are needed unless --misbehave is given") }
        if Self.versions[minimumVersion] == nil || Self.versions[maximumVersion] == nil {
            throw ValidationError("versions are 1.0, 1.1, 1.2 or 1.3")
        }
        if headers.contains(where: { !$0.contains(":") }) { throw ValidationError("a --header is NAME: VALUE") }
        if redirects.contains(where: { !$0.contains("=") }) { throw ValidationError("a --redirect is PATH=LOCATION") }
    }

    func run() throws {
        let serve = try connectionInitializer()
        let connections = try log.map(ConnectionLog.init(path:))
        let initializer: @Sendable (any Channel) -> EventLoopFuture<Void> = { channel in
            connections?.record(from: channel.remoteAddress?.description ?? "unknown")
            return serve(channel)
        }
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let server = try ServerBootstrap(group: group)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer(initializer)
            .bind(host: host, port: 0).wait()
        let signalSources = TerminationSignals.observe { server.close(promise: nil) }
        defer { signalSources.forEach { $0.cancel() } }
        if let portFile { try PortFile.write(port: server.localAddress?.port ?? 0, to: portFile) }
        try server.closeFuture.wait()
        try group.syncShutdownGracefully()
    }

    private func connectionInitializer() throws -> @Sendable (any Channel) -> EventLoopFuture<Void> {
        if let misbehave {
            return { channel in
                channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(MisbehavingHandler(misbehave)) }
            }
        }
        var configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: try NIOSSLCertificate.fromPEMFile(chain!).map { .certificate($0) },
            privateKey: .privateKey(try NIOSSLPrivateKey(file: key!, format: .pem)))
        configuration.minimumTLSVersion = Self.versions[minimumVersion]!
        configuration.maximumTLSVersion = Self.versions[maximumVersion]!
        if let ciphers { configuration.cipherSuites = ciphers }
        if requireClientCertificate {
            configuration.certificateVerification = .noHostnameVerification
            configuration.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(chain!))
        }
        let context = try NIOSSLContext(configuration: configuration)
        let fields = headers.map { field in
            let colon = field.firstIndex(of: ":")!
            return (String(field[..<colon]), String(field[field.index(after: colon)...]).trimmingCharacters(in: .whitespaces))
        }
        let paths = Dictionary(redirects.map { rule in
            let equals = rule.firstIndex(of: "=")!
            return (String(rule[..<equals]), String(rule[rule.index(after: equals)...]))
        }, uniquingKeysWith: { first, _ in first })
        return { channel in
            channel.eventLoop.makeCompletedFuture {
                let pipeline = channel.pipeline.syncOperations
                try pipeline.addHandler(NIOSSLServerHandler(context: context))
                try pipeline.configureHTTPServerPipeline()
                try pipeline.addHandler(SiteHandler(headers: fields, redirects: paths))
            }
        }
    }
}
