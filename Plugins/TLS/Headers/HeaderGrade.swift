/// The verdict on one security header of the site's response.
public struct HeaderGrade: Sendable, Equatable {
    public enum Status: String, Sendable {
        /// Present and set as it should be.
        case good
        /// Present, but with a gap that the notes name.
        case weak
        case missing
    }

    /// The header's name, `Strict-Transport-Security`; `X-Frame-Options` stands for the
    /// frame check, which CSP's frame-ancestors also passes.
    public let header: String
    public let status: Status
    /// The value as received, if any.
    public let value: String?
    /// What is wrong and what it risks; empty when good.
    public let notes: [String]
}
