import VaultCore
import VaultSystem
import SystemPackage
#if canImport(Glibc)
import Glibc
#endif

/// Clears the clipboard after a delay, in a detached process (`vault clipboard-clear`), so the
/// command that copied returns at once. The clearer never holds the secret: it gets a random
/// key, the keyed BLAKE2b hash of the secret and its length through a pipe, and clears only if the
/// clipboard's content still has that hash, leaving alone whatever the user copied since.
public enum ClipboardClearer {
    /// Starts the clearer for `secret`, just copied to `backend` (OSC 52 clears through
    /// `terminal`, which the clearer keeps as its descriptor 3).
    public static func schedule(
        clearing secret: UnsafeRawBufferPointer, from backend: String, after seconds: Double, executable: String,
        environment: [String: String], terminal: Int32
    ) throws(ClipboardError) {
        let key = (try? Sodium.randomBytes(Sodium.keyedHashKeyLength)) ?? []
        guard key.count == Sodium.keyedHashKeyLength else { throw .helperFailed(executable, "no randomness") }
        let instruction = "\(backend)\n\(seconds)\n\(Sodium.base64Encode(key))\n\(Sodium.base64Encode(fingerprint(secret, key: key)))\n\(secret.count)\n"
        do throws(HelperProcessError) {
            try HelperProcess.start(executable, ["clipboard-clear"], environment: environment, extraDescriptor: backend == "osc52" ? terminal : nil) { fd in
                try? FileDescriptor(rawValue: fd).writeEvery(Array(instruction.utf8))
            }
        } catch {
            throw ClipboardError(error)
        }
    }

    /// The clearer's side: reads the instruction from `input` (its standard input), detaches
    /// from the terminal session, waits, and clears if the clipboard still holds the secret.
    public static func run(environment: [String: String], input: FileDescriptor) {
        let lines = String(decoding: (try? input.readToEnd(limit: 4096)) ?? [], as: UTF8.self).split(separator: "\n").map(String.init)
        try? input.close()
        guard lines.count == 5, let backend = ClipboardBackend(rawValue: lines[0]), let seconds = Double(lines[1]),
              let key = Sodium.base64Decode(lines[2]), let expected = Sodium.base64Decode(lines[3]),
              let length = Int(lines[4]), length >= 0
        else { return }
        setsid()
        signal(SIGHUP, SIG_IGN)
        signal(SIGINT, SIG_IGN)
        usleep(UInt32(min(max(seconds, 0), 3600) * 1_000_000))
        guard let clipboard = try? backend.open(environment: environment, terminal: 3) else { return }
        do {
            // A backend that cannot read back (OSC 52) is cleared unconditionally.
            // One byte more than the secret is enough to tell a longer content from it.
            if let current = try clipboard.read(limit: length + 1) {
                let now = current.withUnsafeBytes { fingerprint($0, key: key) }
                let matches = now.withUnsafeBytes { a in expected.withUnsafeBytes { Sodium.constantTimeEqual(a, $0) } }
                guard matches else { return }
            }
            try clipboard.clear()
        } catch {
            return  // the clipboard cannot be read: leave it rather than clear blindly
        }
    }

    /// BLAKE2b-256 of `bytes` keyed with `key`.
    static func fingerprint(_ bytes: UnsafeRawBufferPointer, key: [UInt8]) -> [UInt8] {
        Sodium.keyedHash(bytes, key: key)
    }
}
