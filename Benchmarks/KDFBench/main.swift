/// kdf-bench: times one Argon2id key derivation exactly as `vault` does it
/// (`Argon2id.deriveKey` at `KDFParameters.default`: m = 64 MiB, t = 3, p = 4), so that the
/// KDF's share of an unlock can be told apart from the rest of a command's work.
///
/// Usage: `kdf-bench [RUNS]` (default: $KDF_BENCH_RUNS, else 10). One untimed warm-up
/// derivation comes first; then RUNS derivations are timed with a monotonic clock and one line
/// is printed:
///
///     kdf: vault Argon2id m=65536 KiB t=3 p=4: median 180.2 ms (min 175.0, max 190.3, 10 runs)

import Foundation
import VaultCore

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("kdf-bench: \(message)\n".utf8))
    exit(1)
}

let argument = CommandLine.arguments.dropFirst().first
    ?? ProcessInfo.processInfo.environment["KDF_BENCH_RUNS"]
    ?? "10"
guard let runs = Int(argument), runs > 0 else { fail("the number of runs must be a positive integer, not '\(argument)'") }

let parameters = KDFParameters.default
let salt = Array("somesaltsomesalt".utf8)  // Argon2id.saltLength bytes, fixed: only the time matters
var passwordBytes = Array("correct horse battery staple".utf8)

/// Milliseconds in a Duration, as a Double.
func milliseconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) * 1e3 + Double(attoseconds) / 1e15
}

func format(_ value: Double) -> String { String(format: "%.1f", value) }

do {
    let password = try SecureBytes(consuming: &passwordBytes)
    _ = try Argon2id.deriveKey(password: password, salt: salt, parameters: parameters)  // warm-up

    let clock = ContinuousClock()
    var samples: [Double] = []
    for _ in 0..<runs {
        let elapsed = try clock.measure {
            _ = try Argon2id.deriveKey(password: password, salt: salt, parameters: parameters)
        }
        samples.append(milliseconds(elapsed))
    }
    samples.sort()
    let middle = samples.count / 2
    let median = samples.count % 2 == 1 ? samples[middle] : (samples[middle - 1] + samples[middle]) / 2
    print("kdf: vault Argon2id m=\(parameters.memoryKiB) KiB t=\(parameters.iterations) p=\(parameters.parallelism): "
        + "median \(format(median)) ms (min \(format(samples.first!)), max \(format(samples.last!)), \(runs) runs)")
} catch {
    fail("key derivation failed: \(error)")
}
