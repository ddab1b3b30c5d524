import VaultCore
import VaultSystem

/// The `user` keys of a kernel keyring as the key retention service keeps them, in memory: a
/// payload per description and the whole second (Unix time, by the kernel's clock) at which the
/// kernel ends the key, if it has a timeout. A key is gone once the kernel's clock reaches that
/// second, whether or not anyone looks; a gone key can no longer be found, read, renewed or
/// invalidated. Each method stands for one system call, and is given the kernel's clock.
struct SimulatedKernelKeyring {
    private struct Key {
        var payload: [UInt8]
        /// When the kernel ends the key; nil: never.
        var expiry: Int?

        func isAlive(at second: Int) -> Bool { expiry.map { second < $0 } ?? true }
    }

    private var keys: [String: Key] = [:]

    /// The payload of the key with this description, if it is alive (`keyctl_search`, then
    /// `keyctl_read`).
    mutating func search(_ description: String, at second: Int) -> [UInt8]? {
        guard let key = keys[description] else { return nil }
        guard key.isAlive(at: second) else {
            keys[description] = nil
            return nil
        }
        return key.payload
    }

    /// Publishes a key, replacing any of the same description in one step, ended `timeout`
    /// seconds from now (0: never), as `add_key`, `keyctl_set_timeout` and `keyctl_link` do.
    mutating func publish(_ description: String, payload: [UInt8], timeout: Int, at second: Int) {
        keys[description] = Key(payload: payload, expiry: timeout > 0 ? second + timeout : nil)
    }

    /// Ends the key `timeout` seconds from now (0: never), as `keyctl_set_timeout` does; false
    /// when there is no such key alive.
    mutating func setTimeout(_ description: String, seconds timeout: Int, at second: Int) -> Bool {
        guard search(description, at: second) != nil else { return false }
        keys[description]?.expiry = timeout > 0 ? second + timeout : nil
        return true
    }

    /// Makes the key unusable at once (`keyctl_invalidate`); false when there is no such key
    /// alive.
    @discardableResult
    mutating func invalidate(_ description: String, at second: Int) -> Bool {
        guard search(description, at: second) != nil else { return false }
        keys[description] = nil
        return true
    }

    /// The seconds left before the kernel ends the key as /proc/keys shows them: under a minute
    /// in seconds, else in whole minutes, hours, days or weeks, rounded down; nil when the key
    /// has no timeout or is not alive.
    mutating func listedSecondsLeft(_ description: String, at second: Int) -> Int? {
        guard search(description, at: second) != nil, let expiry = keys[description]?.expiry else { return nil }
        let left = expiry - second
        let unit = ProcKeys.unit(of: left)
        return left / unit * unit
    }
}
