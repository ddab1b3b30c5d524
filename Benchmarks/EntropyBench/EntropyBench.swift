import ArgumentParser
import Entropy
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// entropy-bench: times vault's strength estimator in process, on one core, over a file of
/// passwords (one per line), so that the estimator's own speed is seen without process start or
/// output formatting. Prints one line per measure:
///
///     entropy: 6500 passwords x 10 rounds: 98765 passwords/s (median round 65.8 ms)
///     entropy: slowest single password: 12.3 ms (line 4, 1000 characters)
///     entropy: peak memory (max RSS): 21.4 MiB
@main
struct EntropyBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "entropy-bench", abstract: "Time vault's password-strength estimator in process.")

    @Argument(help: "A file of passwords, one per line.")
    var file: String

    @Option(help: "How many timed rounds over the whole file.")
    var rounds = 10

    func validate() throws {
        if rounds < 1 { throw ValidationError("--rounds must be at least 1") }
    }

    func run() throws {
        let passwords = try Self.lines(of: file)
        guard !passwords.isEmpty else { throw ValidationError("\(file) has no lines") }
        let estimator = StrengthEstimator(referenceYear: StrengthEstimator.year(of: Date()))
        for password in passwords { _ = estimator.estimate(password) }  // warm-up

        let clock = ContinuousClock()
        var roundTimes: [Double] = []
        var slowest = (milliseconds: 0.0, line: 0)
        var checksum = 0.0
        for _ in 0..<rounds {
            let start = clock.now
            for (index, password) in passwords.enumerated() {
                let before = clock.now
                checksum += estimator.estimate(password).log10Guesses
                let single = Self.milliseconds(clock.now - before)
                if single > slowest.milliseconds { slowest = (single, index + 1) }
            }
            roundTimes.append(Self.milliseconds(clock.now - start))
        }
        roundTimes.sort()
        let median = roundTimes[roundTimes.count / 2]
        let rate = Double(passwords.count) / (median / 1000)
        print("entropy: \(passwords.count) passwords x \(rounds) rounds: \(Int(rate)) passwords/s (median round \(Self.format(median)) ms)")
        print("entropy: slowest single password: \(Self.format(slowest.milliseconds)) ms (line \(slowest.line), "
            + "\(passwords[slowest.line - 1].count) characters)")
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        print("entropy: peak memory (max RSS): \(Self.format(Double(usage.ru_maxrss) / 1024)) MiB")
        if checksum.isNaN { print("entropy: checksum \(checksum)") }  // keeps the work observable
    }

    private static func lines(of path: String) throws -> [String] {
        guard let handle = fopen(path, "r") else { throw ValidationError("cannot open \(path)") }
        defer { fclose(handle) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = fread(&buffer, 1, buffer.count, handle)
            if count <= 0 { break }
            bytes.append(contentsOf: buffer[0..<count])
        }
        return bytes.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast(bytes.last == 0x0A ? 1 : 0)
            .compactMap { String(validating: $0, as: UTF8.self) }
    }

    private static func milliseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }

    private static func format(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
