/// Why a one-time password setting could not be read or used. Messages name the part that is
/// wrong, never the secret.
public enum OTPError: VaultFailure, Equatable {
    case notAURI
    case unsupportedType(String)
    case missingSecret
    case invalidSecret
    case unsupportedAlgorithm(String)
    case invalidDigits(String)
    case invalidPeriod(String)
    case invalidCounter(String)
    case noOTP(entry: String)
    case notTimeBased(entry: String)
    case invalidTime(String)
    case counterExhausted(entry: String)

    public var message: String {
        switch self {
        case .notAURI:
            return "not an otpauth:// URI or a Base32 secret"
        case .unsupportedType(let type):
            return "unsupported one-time password type '\(type)' (totp and hotp are)"
        case .missingSecret:
            return "the otpauth URI has no secret"
        case .invalidSecret:
            return "the secret is not Base32 (letters A–Z and digits 2–7), or is empty"
        case .unsupportedAlgorithm(let name):
            return "unsupported algorithm '\(name)' (SHA1, SHA256 and SHA512 are)"
        case .invalidDigits(let digits):
            return "digits must be 6, 7 or 8 (5 for Steam), not '\(digits)'"
        case .invalidPeriod(let period):
            return "the period must be a whole number of seconds from 1 to 86400, not '\(period)'"
        case .invalidCounter(let counter):
            return "the HOTP counter must be a whole number from 0, not '\(counter)'"
        case .noOTP(let entry):
            return "entry '\(entry)' has no one-time password (add one with vault edit \(entry) --otp)"
        case .notTimeBased(let entry):
            return "'\(entry)' has a HOTP: its codes follow a counter, not the clock (leave out --at)"
        case .invalidTime(let text):
            return "'\(text)' is not a Unix time or an ISO 8601 date from 1970 to 9999, such as 2026-01-31T12:00:00Z"
        case .counterExhausted(let entry):
            return "the HOTP counter of '\(entry)' is at its largest value and cannot move on (set a new secret with vault edit \(entry) --otp)"
        }
    }

    public var exitStatus: ExitStatus {
        switch self {
        case .noOTP: return .notFound
        case .counterExhausted: return .failure
        default: return .usage
        }
    }
}
