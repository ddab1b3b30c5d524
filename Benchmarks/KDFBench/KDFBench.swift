import ArgumentParser
import Foundation
import VaultCLI
import VaultCore
import VaultSystem

/// kdf-bench: times one Argon2id key derivation exactly as `vault` does it
/// (`Argon2id.deriveKey` at `KDFParameters.default`: m = 64 MiB, t = 3, p = 4), so that the
/// KDF's share of an unlock can be told apart from the rest of a command's work. One untimed
/// warm-up derivation comes first; then RUNS derivations are timed with a monotonic clock and
/// one line is printed:
///
///     kdf: vault Argon2id m=65536 KiB t=3 p=4: median 180.2 ms (min 175.0, max 190.3, 10 runs)
@main
struct KDFBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kdf-bench", abstract: "Time vault's default Argon2id key derivation.")

    @Argument(help: "How many timed derivations (default: $KDF_BENCH_RUNS, else 10).")
    var runs: Int?

    func validate() throws {
        if let runs, runs < 1 { throw ValidationError("the number of runs must be a positive integer") }
    }

    func run() throws {
        let runs = try self.runs ?? Self.runsFromEnvironment()
        let parameters = KDFParameters.default
        let salt = Array("somesaltsomesalt".utf8)  // Argon2id.saltLength bytes, fixed: only the time matters
        var passwordBytes = Array("correct horse battery staple".utf8)
        let password = try SecureBytes(consuming: &passwordBytes)
        _ = try Argon2id.deriveKey(password: password, salt: salt, parameters: parameters)  // warm-up

        let clock = ContinuousClock()
        var samples: [Double] = []
        for _ in 0..<runs {
            let elapsed = try clock.measure {
                _ = try Argon2id.deriveKey(password: password, salt: salt, parameters: parameters)
            }
            samples.append(Self.milliseconds(elapsed))
        }
        samples.sort()
        let middle = samples.count / 2
        let median = samples.count % 2 == 1 ? samples[middle] : (samples[middle - 1] + samples[middle]) / 2
        print("kdf: vault Argon2id m=\(parameters.memoryKiB) KiB t=\(parameters.iterations) p=\(parameters.parallelism): "
            + "median \(Self.format(median)) ms (min \(Self.format(samples.first!)), max \(Self.format(samples.last!)), \(runs) runs)")
    }

    private static func runsFromEnvironment() throws -> Int {
        let text = ProcessInfo.processInfo.environment["KDF_BENCH_RUNS"] ?? "10"
        guard let runs = Int(text), runs > 0 else {
            throw ValidationError("KDF_BENCH_RUNS must be a positive integer, not '\(text)'")
        }
        return runs
    }

    /// Milliseconds in a Duration, as a Double.
    private static func milliseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1e3 + Double(attoseconds) / 1e15
    }

    private static func format(_ value: Double) -> String { String(format: "%.1f", value) }
}
