import FoundationEssentials

/// Issues the current one-time code of an entry: what `vault otp` and `vault get --field otp`
/// print. A TOTP code is read from the vault alone; a HOTP counter is advanced and saved in the
/// same locked write that issues its code, so no code is ever given out twice.
public enum OneTimeCodes {
    /// One code and what a person needs to use it.
    public struct Issued: Equatable, Sendable {
        public var code: String
        /// A TOTP code's remaining validity in whole seconds and its period; nil for HOTP.
        public var secondsLeft: Int?
        public var period: Int?
        /// The counter value a HOTP code was made from; nil for TOTP.
        public var counter: UInt64?
    }

    /// The code of the entry called `name` at `date`, which a HOTP code does not depend on:
    /// unless `countersAllowed`, a HOTP entry is refused (and its counter left as it is).
    public static func issue(
        forEntryNamed name: String, at date: Date, countersAllowed: Bool = true, in vault: some VaultAccess
    ) throws -> Issued {
        guard let entry = try vault.entry(named: name) else { throw EntryError.notFound(name) }
        if let issued = timeBased(try setting(of: entry), at: date) { return issued }
        guard countersAllowed else { throw OTPError.notTimeBased(entry: name) }
        return try vault.mutate(entriesNamed: [name]) { entries in
            guard var entry = try entries.entry(named: name) else { throw EntryError.notFound(name) }
            var otp = try setting(of: entry)
            // Changed to a TOTP while this command waited for the lock.
            if let issued = timeBased(otp, at: date) { return issued }
            guard case .hotp(let counter) = otp.kind else { preconditionFailure("neither TOTP nor HOTP") }
            // The counter would wrap to 0 and give old codes again.
            guard counter < .max else { throw OTPError.counterExhausted(entry: name) }
            otp.kind = .hotp(counter: counter + 1)
            entry.otp = OTPAuthURI.render(otp)
            try entries.put(entry)
            return Issued(code: otp.code(counter: counter), counter: counter)
        }
    }

    private static func timeBased(_ otp: OneTimePassword, at date: Date) -> Issued? {
        guard case .totp(let period) = otp.kind, let (code, secondsLeft) = otp.code(at: date) else { return nil }
        return Issued(code: code, secondsLeft: secondsLeft, period: period)
    }

    private static func setting(of entry: Entry) throws(OTPError) -> OneTimePassword {
        guard let otp = try entry.oneTimePassword() else { throw .noOTP(entry: entry.name) }
        return otp
    }
}
