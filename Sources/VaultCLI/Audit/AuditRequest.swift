import FoundationEssentials
import VaultCore
import VaultSystem

/// What `vault audit` was asked to check, as every auditor reads it. The checks that make
/// network requests are off unless asked for.
public struct AuditRequest: Sendable {
    /// A password scoring below this (0 to 4) is weak.
    public var minimumScore = 3
    /// A password unchanged for more days than this is old.
    public var maximumAgeDays = 365
    /// `--offline FILE`: a downloaded copy of the breached-password hashes.
    public var breachOffline: String?
    /// `--online`: the range API may be asked.
    public var breachOnline = false
    /// `--api-url`: the range API to ask instead of the configured or public one.
    public var breachAPIURL: String?
    /// `--tls`: audit the TLS of every https site, and compare saved pins.
    public var tls: TLSRequest?
    /// `--accounts`: check the e-mail addresses against the breach API.
    public var accounts: AccountsRequest?
    /// The time the audit judges ages and certificates at.
    public var now: Date

    public init(now: Date) { self.now = now }

    /// The TLS check's settings, as `vault tls` takes them.
    public struct TLSRequest: Sendable {
        public var caFile: String?
        public var withSystemRoots = false
        /// Seconds for each connection, handshake and answer.
        public var timeout = 10

        public init(caFile: String?, withSystemRoots: Bool, timeout: Int) {
            self.caFile = caFile
            self.withSystemRoots = withSystemRoots
            self.timeout = timeout
        }
    }

    /// The account check's settings, as `vault breach --accounts` takes them.
    public struct AccountsRequest: Sendable {
        /// The API's base URL, or nil for Have I Been Pwned's.
        public var apiURL: String?
        /// The entry whose password is the API key, or nil for the plugin's default.
        public var apiKeyEntry: String?

        public init(apiURL: String?, apiKeyEntry: String?) {
            self.apiURL = apiURL
            self.apiKeyEntry = apiKeyEntry
        }
    }
}

/// A setting of `vault audit` an auditor cannot use (a URL that is not one): a usage error,
/// found before the vault is opened.
public struct AuditRequestError: VaultFailure, Equatable {
    public let message: String

    public init(_ message: String) { self.message = message }

    public var exitStatus: ExitStatus { .usage }
}
