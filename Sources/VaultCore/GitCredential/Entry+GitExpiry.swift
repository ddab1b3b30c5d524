import FoundationEssentials

extension Entry {
    /// The custom field that keeps git's `password_expiry_utc` with the password it was sent for.
    public static let gitExpiryField = "password_expiry_utc"

    /// When the password stops working, in seconds since 1970, as git said when it was stored;
    /// nil when git never said (or the field holds no number).
    public var gitPasswordExpiry: Int64? {
        field(named: Self.gitExpiryField).flatMap { Int64($0.value) }
    }

    /// Keeps `seconds` as the password's expiry, or with nil removes the one kept.
    mutating func setGitPasswordExpiry(_ seconds: Int64?) {
        guard let seconds else {
            fields.removeAll { $0.name == Self.gitExpiryField }
            return
        }
        setField(CustomField(name: Self.gitExpiryField, value: String(seconds), secret: false))
    }

    /// Whether the password has expired by `now`, by the expiry git gave.
    func gitPasswordHasExpired(at now: Date) -> Bool {
        gitPasswordExpiry.map { Double($0) <= now.timeIntervalSince1970 } ?? false
    }
}
