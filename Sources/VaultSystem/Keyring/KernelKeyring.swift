import VaultCore
import CKeyutils
#if canImport(Glibc)
import Glibc
#endif

/// The keyring of Linux's key retention service that this process keeps keys in, through
/// libkeyutils: the session keyring when the login attached one (pam_keyinit does for SSH and
/// console logins where it is configured, container runtimes do for containers), else the user
/// keyring. Every call is one system call of a few microseconds; failures are errno values.
struct KernelKeyring: Equatable {
    /// Which of the process's keyrings keys go to.
    enum Place: Equatable {
        /// The session keyring of this login: gone when its last process ends.
        case session
        /// The user keyring, which every process of this user reaches, until the user's last
        /// process ends.
        case user

        var specialID: key_serial_t { self == .session ? KEY_SPEC_SESSION_KEYRING : KEY_SPEC_USER_KEYRING }

        /// What a person calls it.
        var name: String { self == .session ? "session keyring" : "user keyring" }
    }

    let place: Place

    /// The key type of the kernel's that holds a blob of bytes.
    private static let keyType = "user"

    /// The keyring to use here, or why there is none. The first call tells whether the key
    /// retention service exists at all (a seccomp filter answers ENOSYS or EPERM); without a
    /// session keyring of its own the process is given the user's default session keyring,
    /// which is how one is told from the other.
    static func locate() -> Result<KernelKeyring, KernelKeyringError> {
        let session = keyctl_get_keyring_ID(KEY_SPEC_SESSION_KEYRING, 0)
        guard session > 0 else { return .failure(KernelKeyringError(errno: errno, call: "keyctl")) }
        let userSession = keyctl_get_keyring_ID(KEY_SPEC_USER_SESSION_KEYRING, 0)
        guard userSession > 0 else { return .failure(KernelKeyringError(errno: errno, call: "keyctl")) }
        return .success(KernelKeyring(place: session == userSession ? .user : .session))
    }

    /// Adds a key holding `payload` to this process's own keyring, which no other process
    /// reaches (and which, unlike a thread keyring, new threads share rather than copy), until
    /// `publish` moves it to the place: so its permissions and timeout are set before anyone
    /// else can use it.
    static func addUnpublished(description: String, payload: UnsafeRawBufferPointer) throws(KernelKeyringError) -> key_serial_t {
        let serial = add_key(keyType, description, payload.baseAddress, payload.count, KEY_SPEC_PROCESS_KEYRING)
        guard serial > 0 else { throw KernelKeyringError(errno: errno, call: "add_key") }
        return serial
    }

    /// Links the key into the place, which in one step replaces a key of the same description
    /// linked there, then unlinks it from the process keyring (where a later `add_key` of the
    /// same description would otherwise update it, clearing its timeout).
    func publish(_ serial: key_serial_t) throws(KernelKeyringError) {
        guard keyctl_link(serial, place.specialID) == 0 else { throw KernelKeyringError(errno: errno, call: "keyctl_link") }
        guard keyctl_unlink(serial, KEY_SPEC_PROCESS_KEYRING) == 0 else { throw KernelKeyringError(errno: errno, call: "keyctl_unlink") }
    }

    /// The serial number of the key with this description in the keyring (or a keyring
    /// linked from it), if there is one this process may use.
    func search(description: String) -> key_serial_t? {
        let serial = keyctl_search(place.specialID, Self.keyType, description, 0)
        return serial > 0 ? key_serial_t(serial) : nil
    }

    /// Reads the key's payload into `buffer`, returning its full length; when that is more
    /// than the buffer holds, what was copied (if anything) is not the payload.
    static func read(_ serial: key_serial_t, into buffer: UnsafeMutableRawBufferPointer) throws(KernelKeyringError) -> Int {
        let length = keyctl_read(serial, buffer.baseAddress?.assumingMemoryBound(to: CChar.self), buffer.count)
        guard length >= 0 else { throw KernelKeyringError(errno: errno, call: "keyctl_read") }
        return length
    }

    /// Sets who may do what with the key.
    static func setPermissions(_ serial: key_serial_t, _ permissions: key_perm_t) throws(KernelKeyringError) {
        guard keyctl_setperm(serial, permissions) == 0 else { throw KernelKeyringError(errno: errno, call: "keyctl_setperm") }
    }

    /// Makes the kernel destroy the key `seconds` from now (0: never), whatever runs then.
    static func setTimeout(_ serial: key_serial_t, seconds: UInt32) throws(KernelKeyringError) {
        guard keyctl_set_timeout(serial, seconds) == 0 else { throw KernelKeyringError(errno: errno, call: "keyctl_set_timeout") }
    }

    /// Makes the key unusable at once, in every keyring that links it; the kernel then
    /// destroys it.
    @discardableResult
    static func invalidate(_ serial: key_serial_t) -> Bool {
        keyctl_invalidate(serial) == 0
    }
}

/// A call to the key retention service that failed.
struct KernelKeyringError: Error, Equatable {
    let errno: Int32
    let call: String

    /// "add_key: Disk quota exceeded", for a person.
    var reason: String { "\(call): \(String(cString: strerror(errno)))" }
}
