import CLITestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The derived key kept in the kernel's key retention service, checked from outside with the
/// `keyctl` program and /proc/keys: `unlock` works over SSH-like conditions (no D-Bus at all)
/// and later commands ask for nothing; `lock` removes the key, from other sessions too; the
/// kernel ends a key at its timeout with no vault process running, and an idle key when it
/// goes unused; a wrong or malformed key is dropped; with a Secret Service too, both hold the
/// key, the kernel is asked first and refilled from the Secret Service, an idle key stays out of
/// the Secret Service, and with the kernel keyring blocked the Secret Service alone keeps it.
/// What commands do with a kernel keyring alone (in memory) is KernelKeyringAloneTests. Each
/// test has its own vault, whose random id describes its key, so the tests share the keyrings
/// safely in parallel.
@Suite("Kernel keyring", .enabled(if: ProcessInfo.processInfo.environment["VAULT_TEST_KEYRING"] == "unlocked",
                                  "needs the unlocked keyring of scripts/with-keyring"))
struct KernelKeyringTests {
    /// A fixture with a vault made without any session bus, so that only the kernel keyring
    /// holds its key, and the environment changes that keep every later run off the bus.
    private func sshLikeFixture() async throws -> (VaultFixture, [String: String?]) {
        let fixture = try VaultFixture(keyring: .system)
        let noBus = try fixture.withoutBus()
        try await fixture.succeed(["init"] + VaultFixture.cheapKDF, environment: noBus)
        try await fixture.succeed(["add", "entry"], stdin: "entry-pw\n", environment: noBus)
        return (fixture, noBus)
    }

    @Test("without any D-Bus, unlock caches the key in the kernel: get and status ask for nothing; lock removes it")
    func unlockOverSSH() async throws {
        let (fixture, noBus) = try await sshLikeFixture()
        let id = try fixture.vaultID()
        try await fixture.succeed(["lock"], environment: noBus)
        #expect(try await KernelKeys.serial(vaultID: id) == nil)
        try await fixture.expectLocked("entry", environment: noBus)

        let unlock = try await fixture.succeed(["unlock"], environment: noBus)
        #expect(unlock.stderrLines.count == 1 && unlock.stderr.contains("until `vault lock` or the end of the session, in the kernel keyring ("),
                "\(unlock)")
        let payload = try #require(try await KernelKeys.payload(vaultID: id), "unlock left no kernel key")
        #expect(payload.count == 52 && payload.prefix(4) == Data("VKK1".utf8), "\(payload.count) bytes")
        #expect(try await fixture.passwordFromKeyring(of: "entry", environment: noBus) == "entry-pw")
        let kernel = try await fixture.keyringReport("kernel keyring", environment: noBus)
        #expect(kernel["available"] as? Bool == true && kernel["cached"] as? Bool == true, "\(kernel)")
        #expect(["session keyring", "user keyring"].contains(kernel["detail"] as? String ?? ""), "\(kernel)")
        let service = try await fixture.keyringReport("Secret Service", environment: noBus)
        #expect(service["available"] as? Bool == false && service["detail"] as? String == "no D-Bus session bus", "\(service)")

        let lock = try await fixture.succeed(["lock"], environment: noBus)
        #expect(lock.stderr == "Locked \(fixture.vaultPath).\n")
        #expect(try await KernelKeys.serial(vaultID: id) == nil)
        #expect(try KernelKeys.listed(vaultID: id).isEmpty)
        try await fixture.expectLocked("entry", environment: noBus)
        #expect(try await fixture.succeed(["lock"], environment: noBus).stderr == "\(fixture.vaultPath) was not unlocked.\n")
    }

    @Test("unlock --timeout 2s: the kernel ends the key with no vault process running")
    func timeoutEndsTheKey() async throws {
        let (fixture, noBus) = try await sshLikeFixture()
        let id = try fixture.vaultID()
        try await fixture.succeed(["lock"], environment: noBus)
        let started = ContinuousClock.now
        // No bus, so no Secret Service and no expirer process: only the kernel can end the key.
        let unlock = try await fixture.succeed(["unlock", "--timeout", "2s"], environment: noBus)
        #expect(unlock.stderr.contains("for 2s, in the kernel keyring"), "\(unlock)")
        let present = try await KernelKeys.serial(vaultID: id) != nil
        #expect(present || ContinuousClock.now - started >= .seconds(2), "the key was gone before its 2 s were up")

        let ended = try await eventually(within: .seconds(15), every: .milliseconds(200)) {
            try await KernelKeys.serial(vaultID: id) == nil
        }
        #expect(ended, "the kernel key outlived its timeout")
        #expect(ContinuousClock.now - started >= .milliseconds(1900), "ended too soon")
        try await fixture.expectLocked("entry", environment: noBus)
    }

    @Test("unlock --idle: each use renews the key, which ends once unused for the idle span")
    func idleTimeoutIsRenewedByUse() async throws {
        let (fixture, noBus) = try await sshLikeFixture()
        let id = try fixture.vaultID()
        // The kernel's own countdown, read before and after a use. Without a renewal it goes
        // down by the time between the two readings (a second more at most, as /proc/keys
        // rounds); a renewal sets it back to the span, and the use comes at least five seconds
        // after unlock. The time between the readings is measured, so a slow use still tells
        // the two apart. A machine so busy that the key went unused for the whole span before
        // the use proves nothing: the whole is tried again with a longer span. Spans stay
        // under a minute, which /proc/keys shows in whole minutes.
        let spans = [30, 45, 58]
        var attempt = 0
        while true {
            let span = spans[attempt]
            try await fixture.succeed(["lock"], environment: noBus)
            let unlock = try await fixture.succeed(["unlock", "--idle", "\(span)s"], environment: noBus)
            #expect(unlock.stderr.contains("until unused for \(span)s, in the kernel keyring"), "\(unlock)")
            try await Task.sleep(for: .seconds(5))
            let firstReading = ContinuousClock.now
            let before = try KernelKeys.secondsLeft(vaultID: id)
            // Started rather than run, so that the use does not wait for a place in CommandGate.
            let use = try await fixture.start(["get", "entry"], environment: noBus.merging(withoutPassword) { _, new in new }).finish()
            let between = ContinuousClock.now - firstReading
            let after = try KernelKeys.secondsLeft(vaultID: id)
            guard let before, use.status == 0, let after else {
                try #require(ContinuousClock.now - unlock.started >= .seconds(span),
                             "the key ended before it was unused for \(span) s: \(before ?? -1) s left, then \(use)")
                attempt += 1
                try #require(attempt < spans.count, "unlock and one use took longer than the idle span each time, the last \(span) s")
                continue
            }
            #expect(use.stdout == "entry-pw\n" && use.stderr.isEmpty, "\(use)")
            let seconds = Double(between.components.seconds) + Double(between.components.attoseconds) / 1e18
            #expect(Double(after) + seconds >= Double(before) + 2.5,
                    "the use did not renew the key: \(before) s left before it, \(after) s after, \(seconds) s between")
            #expect(after <= span + 1)
            // What status says of the renewed key, asked at once (a started process): unless
            // the idle span has passed since the use, the key is cached with that span.
            let status = try await fixture.start(["status", "--json"], environment: noBus.merging(withoutPassword) { _, new in new }).finish()
            let keyrings = try JSONValue.object(status.stdoutData)["keyrings"] as? [[String: Any]] ?? []
            let kernel = try #require(keyrings.first { $0["name"] as? String == "kernel keyring" }, "\(status)")
            if kernel["cached"] as? Bool == true || ContinuousClock.now - use.started < .seconds(span) {
                #expect(kernel["idle_seconds"] as? Int == span && (kernel["expires_in_seconds"] as? Int ?? .max) <= span + 1, "\(kernel)")
            }
            break
        }
        let span = spans[attempt]

        let ended = try await eventually(within: .seconds(span + 60), every: .milliseconds(250)) {
            try await KernelKeys.serial(vaultID: id) == nil
        }
        #expect(ended, "the idle key outlived its idle span")
        try await fixture.expectLocked("entry", environment: noBus)
    }

    @Test("a wrong or malformed key in the kernel keyring is dropped, the password asked, and the right key kept",
          arguments: [(0, 0), (0, UInt64(Int64.max)), (UInt64(Int64.max), 0), (UInt64.max, 1)] as [(UInt64, UInt64)])
    func wrongKeyDropped(expires: UInt64, idle: UInt64) async throws {
        let (fixture, noBus) = try await sshLikeFixture()
        let id = try fixture.vaultID()
        let planted = KernelKeys.payload(key: (0..<32).map { _ in UInt8.random(in: .min ... .max) }, expires: expires, idle: idle)
        try await KernelKeys.replacePayload(vaultID: id, with: planted)
        #expect(try await KernelKeys.payload(vaultID: id) == planted)

        let got = try await fixture.succeed(["get", "entry"], environment: noBus)
        #expect(got.stdout == "entry-pw\n" && got.stderr.isEmpty, "\(got)")
        let kept = try #require(try await KernelKeys.payload(vaultID: id))
        #expect(kept != planted && kept.prefix(4) == Data("VKK1".utf8))
        #expect(try await fixture.passwordFromKeyring(of: "entry", environment: noBus) == "entry-pw")
    }

    @Test("lock removes the copies that other login sessions keep in their own session keyrings")
    func lockReachesOtherSessions() async throws {
        let (fixture, noBus) = try await sshLikeFixture()
        let id = try fixture.vaultID()
        try await fixture.succeed(["lock"], environment: noBus)
        var environment = fixture.environment
        for (name, value) in noBus { environment[name] = value }
        // A new anonymous session keyring, as pam_keyinit gives an SSH login, kept alive by the
        // shell that unlocks in it until the test ends it.
        let keyctl = try #require(ExternalProgram.find("keyctl"), "keyctl is not installed (package keyutils)")
        let (output, errors, ready) = (fixture.path("session.out"), fixture.path("session.err"), fixture.path("session.ready"))
        let script = #""$0" unlock && "$0" status --json && : > "$1" && exec sleep 120"#
        let session = try ExternalProgram.spawn(
            keyctl, ["session", "-", "/bin/sh", "-c", script, VaultBinary.path, ready], environment: environment,
            streams: [("/dev/null", O_RDONLY), (output, O_WRONLY | O_CREAT | O_TRUNC), (errors, O_WRONLY | O_CREAT | O_TRUNC)])
        defer {
            kill(session, SIGKILL)
            _ = waitpid(session, nil, 0)
        }
        let started = try await eventually(within: .seconds(30)) { FileManager.default.fileExists(atPath: ready) }
        let said = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
        try #require(started, "the other session did not unlock: \(said)")
        #expect(said.contains("in the kernel keyring (session keyring)"), "\(said)")
        #expect(try String(contentsOfFile: output, encoding: .utf8).contains(#""detail" : "session keyring""#))

        #expect(try await KernelKeys.serial(vaultID: id) == nil, "another session's keyring is out of this one's reach")
        #expect(try KernelKeys.listed(vaultID: id).count == 1, "but this user sees that it exists")
        try await fixture.expectLocked("entry", environment: noBus)
        let lock = try await fixture.succeed(["lock"], environment: noBus)
        #expect(lock.stderr == "Locked \(fixture.vaultPath).\n")
        #expect(try KernelKeys.listed(vaultID: id).isEmpty)
    }

    @Test("with a Secret Service, both keep the key: the kernel is asked first, refilled from the Secret Service, and lock clears both")
    func bothKeyringsTogether() async throws {
        let fixture = try await VaultFixture.initialized(keyring: .system)
        try await fixture.add("entry", password: "entry-pw")
        let id = try fixture.vaultID()
        try await fixture.succeed(["lock"])
        let unlock = try await fixture.succeed(["unlock"])
        #expect(unlock.stderr.contains("in the kernel keyring (") && unlock.stderr.contains(") and the Secret Service (session collection)."),
                "\(unlock)")
        #expect(try await KernelKeys.serial(vaultID: id) != nil)
        #expect(try await SecretTool.secrets(vaultID: id, fixture: fixture).count == 1)
        for name in ["kernel keyring", "Secret Service"] {
            #expect(try await fixture.keyringReport(name)["cached"] as? Bool == true, "\(name)")
        }

        // Gone from the kernel (a new login session): found in the Secret Service, and copied back.
        try await KernelKeys.invalidate(vaultID: id)
        #expect(try await fixture.passwordFromKeyring(of: "entry") == "entry-pw")
        #expect(try await KernelKeys.serial(vaultID: id) != nil, "the Secret Service's key was copied to the kernel keyring")

        // Gone from the Secret Service: the kernel's copy is enough, and is asked first, so
        // that a get never reaches for the bus (here a socket of the test's, which would see it).
        try await SecretTool.clear(vaultID: id, fixture: fixture)
        let trap = try ListeningSocket(path: fixture.path("bus-trap"))
        #expect(try await fixture.passwordFromKeyring(of: "entry", environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=\(trap.path)"])
                == "entry-pw")
        #expect(!trap.hasPendingConnection, "a kernel hit connected to the session bus")
        #expect(try await SecretTool.secrets(vaultID: id, fixture: fixture).isEmpty)

        try await fixture.succeed(["unlock"])
        try await fixture.succeed(["lock"])
        #expect(try await KernelKeys.serial(vaultID: id) == nil)
        #expect(try await SecretTool.secrets(vaultID: id, fixture: fixture).isEmpty)
        try await fixture.expectLocked("entry")
    }

    @Test("an idle key is kept in the kernel only: the Secret Service cannot renew it on use")
    func idleKeyStaysOutOfTheSecretService() async throws {
        let fixture = try await VaultFixture.initialized(keyring: .system)
        let id = try fixture.vaultID()
        #expect(try await SecretTool.secrets(vaultID: id, fixture: fixture).count == 1, "init cached the key there")
        let unlock = try await fixture.succeed(["unlock", "--idle", "1h"])
        #expect(unlock.stderr.contains("until unused for 1h 0m, in the kernel keyring (") && !unlock.stderr.contains("Secret Service"),
                "\(unlock)")
        #expect(try await SecretTool.secrets(vaultID: id, fixture: fixture).isEmpty, "the older copy there was removed")
        #expect(try await fixture.keyringReport("Secret Service")["cached"] as? Bool == false)
        #expect(try await fixture.keyringReport("kernel keyring")["idle_seconds"] as? Int == 3600)
    }

    @Test("with the kernel keyring blocked by seccomp, the Secret Service alone keeps the key, silently",
          arguments: ["ENOSYS", "EPERM"])
    func blockedKernelFallsBackToTheSecretService(errno: String) async throws {
        let fixture = try await VaultFixture.initialized(keyring: .system)
        try await fixture.add("entry", password: "entry-pw")
        let id = try fixture.vaultID()
        try await fixture.succeed(["lock"])
        let blocked = BlockedKernelKeyring(errno: errno)

        let unlock = try await blocked.run(fixture, ["unlock"])
        #expect(unlock.status == 0 && unlock.stderrLines == ["Unlocked \(fixture.vaultPath) until `vault lock` or the end of the session, in the Secret Service (session collection)."],
                "\(unlock)")
        #expect(try await KernelKeys.serial(vaultID: id) == nil, "nothing reached the kernel")
        let get = try await blocked.run(fixture, ["get", "entry"], environment: withoutPassword)
        #expect(get.status == 0 && get.stdout == "entry-pw\n" && get.stderr.isEmpty, "\(get)")
        let status = try await blocked.run(fixture, ["status"])
        #expect(status.stdoutLines.contains("Kernel keyring: unavailable (keyctl: \(blocked.reason))"), "\(status)")
        #expect(status.stdoutLines.contains { $0.hasPrefix("Secret Service: key cached in the session collection") }, "\(status)")
        #expect(try await blocked.run(fixture, ["lock"]).stderr == "Locked \(fixture.vaultPath).\n")
        #expect(try await SecretTool.secrets(vaultID: id, fixture: fixture).isEmpty)
    }
}

/// A Unix socket the test listens on and never answers: to see whether a program connected.
final class ListeningSocket {
    let path: String
    private let descriptor: Int32

    init(path: String) throws {
        self.path = path
        descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8CString)
        guard bytes.count <= MemoryLayout.size(ofValue: address.sun_path) else { throw POSIXError(.ENAMETOOLONG) }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes.map { UInt8(bitPattern: $0) }) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0, listen(descriptor, 8) == 0 else {
            close(descriptor)
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
    }

    /// Whether someone connected (and is waiting to be accepted).
    var hasPendingConnection: Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 0) > 0
    }

    deinit { close(descriptor) }
}
