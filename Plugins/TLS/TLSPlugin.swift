import ArgumentParser
import VaultCLI
import VaultCore
import VaultSystem

/// The TLS auditor: `vault tls`, which judges a site's certificate chain, protocol, cipher suite
/// and security headers, for one address or every site the vault holds a URL for; and the
/// sites' part of `vault audit --tls` (`SiteAuditor`).
public struct TLSPlugin: VaultPlugin {
    public init() {}
    public var id: String { "tls" }
    public var summary: String { "TLS endpoint audit: certificate chain, protocol, cipher suite and security headers" }
    public var commands: [ParsableCommand.Type] { [TLSCommand.self] }
    public var capabilities: [any PluginCapability] { [SiteAuditor()] }
}
