import CLITestSupport
import Foundation
import Testing

/// Garbage on standard input never crashes an analyzer: seeded random bytes (control characters,
/// invalid UTF-8, NULs, huge runs, lone combining marks, CRs) through `vault entropy` and
/// `vault breach --offline` end with a verdict or a one-line error per bad line, exit 0, 1 or
/// 10, never a signal.
@Suite("garbage on standard input")
struct GarbageInputTests {
    /// 2,000 lines of random bytes, some long, from a fixed seed.
    static let garbage: Data = {
        var state: UInt64 = 0x5EED_CAFE
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        let pieces: [[UInt8]] = [[0xCC, 0x81], [0xE2, 0x80, 0x8D], [0xF0, 0x9F, 0x87, 0xAB], [0xED, 0xA0, 0x80], [0x0D], [0x00], [0x1B]]
        var bytes: [UInt8] = []
        for _ in 0..<2_000 {
            let length = next() % 20 == 0 ? Int(next() % 3_000) : Int(next() % 40)
            for _ in 0..<length {
                if next() % 4 == 0 {
                    bytes += pieces[Int(next() % UInt64(pieces.count))]
                } else {
                    bytes.append(UInt8(truncatingIfNeeded: next()))
                }
            }
            bytes.removeAll { $0 == 0x0A }
            bytes.append(0x0A)
        }
        return Data(bytes)
    }()

    @Test("vault entropy, text and JSON")
    func entropy() async throws {
        for format in [[], ["--json"]] {
            let result = try await ExternalProgram.run(VaultBinary.path, ["entropy"] + format, stdin: Self.garbage,
                                                       environment: try VaultFixture().environment, timeout: .seconds(120))
            #expect([Termination.exited(1), .exited(10)].contains(result.termination), "\(result.termination)")
            #expect(result.stderrLines.allSatisfy { $0.hasPrefix("vault: error: line ") }, "\(result.stderr.prefix(400))")
        }
    }

    @Test("vault breach --offline")
    func breach() async throws {
        let fixture = try VaultFixture()
        let copy = try VaultFixture.writeFile(fixture.path("pwned.txt"), BreachData.file([(BreachData.password, 3)]))
        let result = try await ExternalProgram.run(VaultBinary.path, ["breach", "--offline", copy], stdin: Self.garbage,
                                                   environment: fixture.environment, timeout: .seconds(120))
        #expect([Termination.exited(0), .exited(1), .exited(10)].contains(result.termination), "\(result.termination)")
        #expect(result.stderrLines.allSatisfy { $0.hasPrefix("vault: error: line ") }, "\(result.stderr.prefix(400))")
    }
}
