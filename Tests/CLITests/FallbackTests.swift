import Foundation
import Testing

/// Without a Secret Service `vault` still works: it says once, on standard error, that the key
/// is not cached, asks for the password as it would anyway, and never hangs; `unlock`, which
/// needs the keyring, exits 6; `status` reports the keyring unavailable. Checked with no session
/// bus at all and with a bus on which nothing provides the service.
@Suite("Fallback without a Secret Service")
struct FallbackTests {
    /// A place where no Secret Service can be reached.
    enum Situation: String, CaseIterable, CustomTestStringConvertible {
        /// No `DBUS_SESSION_BUS_ADDRESS`, and a runtime folder without a `bus` socket.
        case noBus
        /// A private bus of `scripts/with-keyring --bus-only`, on which nothing can be activated.
        case busWithoutService

        var testDescription: String { rawValue }

        /// Far more than a run takes, far less than the 25 s a blocked D-Bus call would: a bound
        /// against hanging, not a speed claim. The bus case also starts and stops a dbus-daemon.
        var hangBound: Duration {
            switch self {
            case .noBus: return .seconds(5)
            case .busWithoutService: return .seconds(10)
            }
        }

        /// The reason `vault` gives for not caching the key.
        var reason: String {
            switch self {
            case .noBus: return "no D-Bus session bus"
            case .busWithoutService: return "nothing provides org.freedesktop.secrets on the session bus"
            }
        }

        /// Runs `vault arguments…` of a keyring fixture in this situation, with no standard input.
        func run(_ fixture: VaultFixture, _ arguments: [String]) async throws -> VaultResult {
            switch self {
            case .noBus:
                return try await fixture.run(arguments, environment: try Self.withoutBus(fixture))
            case .busWithoutService:
                return try await ExternalProgram.run(
                    Self.withKeyring, ["--bus-only", "--", VaultBinary.path] + arguments, environment: fixture.environment)
            }
        }

        /// The changes to a keyring fixture's environment that leave no way to a session bus.
        static func withoutBus(_ fixture: VaultFixture) throws -> [String: String?] {
            let runtime = fixture.path("empty-runtime")
            try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
            return ["DBUS_SESSION_BUS_ADDRESS": nil, "XDG_RUNTIME_DIR": runtime]
        }

        /// `scripts/with-keyring`, found from this file's place in the repository.
        static let withKeyring = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("scripts/with-keyring").path
    }

    @Test("get falls back to the password file with one note; unlock exits 6; status says unavailable",
          arguments: Situation.allCases)
    func fallsBack(situation: Situation) async throws {
        let fixture = try VaultFixture(keyring: true)
        // Set up without a bus in either case: with-keyring gives its command no standard input.
        let setup = try Situation.withoutBus(fixture)
        let created = try await fixture.succeed(["init"] + VaultFixture.cheapKDF, environment: setup)
        #expect(created.stderrLines.filter { $0.hasPrefix("vault: note:") }.count == 1, "init notes it once: \(created)")
        try await fixture.succeed(["add", "entry"], stdin: "entry-pw\n", environment: setup)

        let note = "vault: note: the key is not cached (\(situation.reason)); the master password will be asked each time"

        let get = try await situation.run(fixture, ["get", "entry"])
        #expect(get.status == 0, "\(get)")
        #expect(get.stdout == "entry-pw\n", "\(get)")
        #expect(get.stderrLines == [note], "exactly one line, the note: \(get)")
        // The reason in the note shows that the probe answered rather than a timer expiring.
        print("FallbackTests.\(situation): get took \(Int(get.elapsed / .milliseconds(1))) ms"
              + (situation == .busWithoutService ? " including with-keyring's own start and stop" : ""))
        #expect(get.elapsed < situation.hangBound, "\(get)")

        expectFailure(try await situation.run(fixture, ["unlock"]), status: 6, mentioning: "Secret Service keyring is not available", situation.reason)

        let status = try await situation.run(fixture, ["status"])
        #expect(status.status == 0 && status.stderr.isEmpty, "\(status)")
        #expect(status.stdoutLines.contains("Keyring: unavailable (\(situation.reason))"), "\(status)")
        #expect(status.stdoutLines.contains("State:   locked"), "\(status)")
        let report = try JSONValue.object(try await situation.run(fixture, ["status", "--json"]).stdoutData)
        #expect(report["keyring"] as? String == "unavailable" && report["unlocked"] as? Bool == false, "\(report)")
    }
}
