import VaultCore
import VaultSystem

/// A one-time password value as other managers store it (an otpauth URI, `steam://`, or a bare
/// Base32 secret) made into the canonical URI an entry keeps, or refused naming the record.
enum OTPField {
    /// The canonical URI for `text`, or nil for an empty value; `account` labels a bare
    /// secret (an otpauth URI keeps its own label, even an empty one).
    static func uri(_ text: String, record: String, field: String, account: String?) throws(InterchangeError) -> String? {
        guard !text.allSatisfy({ $0.isWhitespace }) else { return nil }
        do {
            var otp = try OTPAuthURI.parse(text)
            if otp.account == nil && !text.lowercased().contains("otpauth://") { otp.account = account }
            return OTPAuthURI.render(otp)
        } catch {
            throw .badRecord(record: record, field: field, reason: error.message)
        }
    }
}
