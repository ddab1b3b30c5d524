
/// How much work a key derivation asks for, next to the default. A header can ask for up to
/// 4 GiB and 100 passes, which would pin a machine for many minutes (or exhaust its memory): a
/// file planted in place of the vault could do that to every command. Past `limitFactor` times
/// the default's memory × passes, or past `memoryLimitKiB`, vault derives only after a person
/// has confirmed it, and `vault init`, `passwd` and `rekey` never go there.
public struct KDFCost {
    /// How far past the default's memory × passes a file may go without a person confirming
    /// it: 16 times (1 GiB × 3 passes, say).
    public static let limitFactor = 16
    /// The most memory a file may ask for without a person confirming it: 2 GiB, the first
    /// recommendation of RFC 9106 (section 4: 2 GiB, one pass).
    public static let memoryLimitKiB: UInt32 = 2 * 1024 * 1024

    public let parameters: KDFParameters

    public init(_ parameters: KDFParameters) { self.parameters = parameters }

    /// Memory times passes, in KiB: the work of one derivation.
    private static func work(_ parameters: KDFParameters) -> Double {
        Double(parameters.memoryKiB) * Double(parameters.iterations)
    }

    /// This derivation's work as a multiple of the default's.
    public var factor: Double { Self.work(parameters) / Self.work(.default) }

    /// Whether a person must confirm this derivation first.
    public var exceedsLimit: Bool {
        factor > Double(Self.limitFactor) || parameters.memoryKiB > Self.memoryLimitKiB
    }

    /// "a key derivation of 4096 MiB × 100 passes (2133 times the default)".
    public var summary: String {
        let passes = parameters.iterations == 1 ? "1 pass" : "\(parameters.iterations) passes"
        return "a key derivation of \(parameters.memoryKiB / 1024) MiB × \(passes) (\(Int(factor.rounded())) times the default)"
    }

    /// Refuses parameters for a new vault past the limit, so that vault never writes a file
    /// that every later command would have to question.
    public func checkForNewVault() throws(CryptoError) {
        if exceedsLimit {
            throw .unreasonableKDFParameters(
                "\(summary) is past what vault derives without asking (\(Self.limitFactor) times the default, and \(Self.memoryLimitKiB / 1024) MiB)")
        }
    }

    /// The summary with the time it would take on a machine with `processors` processors and
    /// the memory it would take, measured by timing the cheapest derivation (8 MiB, one pass)
    /// here and scaling it.
    public func summaryWithEstimate(processors: Int) -> String {
        "\(summary): about \(Self.duration(estimatedSeconds(processors: processors))) and \(parameters.memoryKiB / 1024) MiB of memory for each derivation"
    }

    /// Seconds this derivation would take on this machine, with `processors` processors, roughly.
    public func estimatedSeconds(processors: Int) -> Double {
        let probe = KDFParameters.minimum
        let salt = [UInt8](repeating: 0, count: Argon2id.saltLength)
        let started = ContinuousClock.now
        _ = try? Argon2id.deriveKey(password: SecureBytes(count: 0), salt: salt, parameters: probe)
        let elapsed = started.duration(to: .now)
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let perWork = seconds / Self.work(probe)
        let lanes = Double(max(1, min(Int(parameters.parallelism), processors)))
        return perWork * Self.work(parameters) / lanes
    }

    /// "40 s", "7 min", "2 h".
    static func duration(_ seconds: Double) -> String {
        if seconds < 90 { return "\(max(1, Int(seconds.rounded()))) s" }
        if seconds < 90 * 60 { return "\(Int((seconds / 60).rounded())) min" }
        return "\(Int((seconds / 3600).rounded())) h"
    }
}
