import VaultCLI
import VaultCore
import VaultSystem

/// How a breach count is told about a stored or new password: rounded down to a power of ten,
/// since an exact count can single a password out in the public data.
enum BreachCount {
    /// "seen at least 10,000 times", or "seen at least once".
    static func roughly(_ count: Int) -> String {
        let power = NumberText.powerOfTenBelow(count)
        return power == 1 ? "seen at least once" : "seen at least \(NumberText.grouped(power)) times"
    }
}
