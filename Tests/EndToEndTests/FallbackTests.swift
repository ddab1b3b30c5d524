import CLITestSupport
import Foundation
import Testing

/// With no keyring at all (no Secret Service, and the kernel's key retention service blocked
/// by seccomp as in some containers) `vault` still works: it reads the password file as it
/// would anyway, says nothing of the keyring (the note is for a person asked the password,
/// KeyringSeamTests), and never hangs; `unlock` and `lock`, which need a keyring, exit 6;
/// `status` reports both keyrings unavailable and says that the key is not cached, and why.
/// Checked with no session bus at all and with a bus on which nothing provides the Secret
/// Service, and with the kernel answering ENOSYS and EPERM.
@Suite("Fallback without any keyring")
struct FallbackTests {
    /// A place where no Secret Service can be reached.
    enum Situation: String, CaseIterable, CustomTestStringConvertible {
        /// No `DBUS_SESSION_BUS_ADDRESS`, and a runtime folder without a `bus` socket.
        case noBus
        /// A private bus of `scripts/with-keyring --bus-only`, on which nothing can be activated.
        case busWithoutService

        var testDescription: String { rawValue }

        /// The reason `vault` gives for not caching the key in the Secret Service.
        var reason: String {
            switch self {
            case .noBus: return "no D-Bus session bus"
            case .busWithoutService: return "nothing provides org.freedesktop.secrets on the session bus"
            }
        }

        /// Runs `vault arguments…` of a keyring fixture in this situation, with the kernel
        /// keyring blocked, with no standard input.
        func run(_ fixture: VaultFixture, _ arguments: [String], blocked: BlockedKernelKeyring) async throws -> VaultResult {
            switch self {
            case .noBus:
                return try await blocked.run(fixture, arguments, environment: try fixture.withoutBus())
            case .busWithoutService:
                let command = blocked.commandLine(arguments)
                return try await ExternalProgram.run(Self.withKeyring, ["--bus-only", "--"] + command, environment: fixture.environment)
            }
        }

        /// `scripts/with-keyring`, found from this file's place in the repository.
        static let withKeyring = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("scripts/with-keyring").path
    }

    @Test("get falls back to the password file without a note; unlock and lock exit 6; status says both keyrings are unavailable, with the note",
          arguments: Situation.allCases, ["ENOSYS", "EPERM"])
    func fallsBack(situation: Situation, errno: String) async throws {
        let fixture = try VaultFixture(keyring: .system)
        let blocked = BlockedKernelKeyring(errno: errno)
        // Set up without a bus in either case: with-keyring gives its command no standard input.
        let created = try await blocked.run(fixture, ["init"] + VaultFixture.cheapKDF, environment: try fixture.withoutBus())
        try #require(created.status == 0, "\(created)")
        #expect(!created.stderr.contains("vault: note:"), "a password file is in use: \(created)")
        let added = try await blocked.run(fixture, ["add", "entry"], stdin: "entry-pw\n", environment: try fixture.withoutBus())
        try #require(added.status == 0, "\(added)")

        let kernelReason = "keyctl: \(blocked.reason)"
        let note = "vault: note: the key is not cached (kernel keyring: \(kernelReason); Secret Service: \(situation.reason)); "
            + "the master password will be asked each time"

        let get = try await situation.run(fixture, ["get", "entry"], blocked: blocked)
        #expect(get.status == 0, "\(get)")
        #expect(get.stdout == "entry-pw\n" && get.stderr.isEmpty, "\(get)")

        expectFailure(try await situation.run(fixture, ["unlock"], blocked: blocked), status: 6,
                      mentioning: "no keyring is available", kernelReason, situation.reason)
        expectFailure(try await situation.run(fixture, ["lock"], blocked: blocked), status: 6,
                      mentioning: "no keyring is available", kernelReason, situation.reason)

        let status = try await situation.run(fixture, ["status"], blocked: blocked)
        // The reasons in the note show that both probes were answered: a D-Bus call left to its
        // own timeout, or a keyctl that hung, would give another reason or none. How long the
        // run took is no measure of that on a busy machine, so it is not asked.
        #expect(status.status == 0 && status.stderrLines == [note], "exactly one line, the note: \(status)")
        #expect(status.stdoutLines.contains("Kernel keyring: unavailable (\(kernelReason))"), "\(status)")
        #expect(status.stdoutLines.contains("Secret Service: unavailable (\(situation.reason))"), "\(status)")
        #expect(status.stdoutLines.contains("State:          locked"), "\(status)")
        let report = try JSONValue.object(try await situation.run(fixture, ["status", "--json"], blocked: blocked).stdoutData)
        #expect(report["keyring"] as? String == "unavailable" && report["unlocked"] as? Bool == false, "\(report)")
    }
}
