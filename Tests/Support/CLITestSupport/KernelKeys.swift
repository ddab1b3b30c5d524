import Foundation
import Testing

/// The kernel's key retention service as any other program of the user sees it, through the
/// `keyctl` program (package keyutils), which inherits the test process's keyrings as `vault`
/// does: to find the key `vault` keeps for a vault, read or replace its payload, and list the
/// copies in every session (/proc/keys).
package enum KernelKeys {
    /// What `vault` describes a vault's key as.
    package static func description(vaultID: String) -> String { "vault:key:\(vaultID)" }

    /// The serial number of the vault's key that this process's keyrings reach, or nil when
    /// there is none (or it expired, or was invalidated).
    package static func serial(vaultID: String) async throws -> String? {
        let result = try await keyctl(["search", "@s", "user", description(vaultID: vaultID)], mayFail: true)
        return result.status == 0 ? result.stdout.trimmingCharacters(in: .whitespacesAndNewlines) : nil
    }

    /// The payload of the vault's key (`VKK1`, two 64-bit numbers, the 32-byte key), or nil.
    package static func payload(vaultID: String) async throws -> Data? {
        guard let serial = try await serial(vaultID: vaultID) else { return nil }
        let result = try await keyctl(["pipe", serial], mayFail: true)
        return result.status == 0 ? result.stdoutData : nil
    }

    /// Replaces the payload of the vault's key, as a stale or planted key would be.
    package static func replacePayload(vaultID: String, with payload: Data, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let serial = try #require(try await serial(vaultID: vaultID), "no kernel key to replace", sourceLocation: sourceLocation)
        try await keyctl(["pupdate", serial], stdin: payload)
    }

    /// Removes the vault's key as another program could, leaving any other copy alone.
    package static func invalidate(vaultID: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let serial = try #require(try await serial(vaultID: vaultID), "no kernel key to invalidate", sourceLocation: sourceLocation)
        try await keyctl(["invalidate", serial])
    }

    /// The /proc/keys lines of the vault's keys that are still usable, in any session of this
    /// user (expired and invalidated keys linger there until the kernel collects them).
    package static func listed(vaultID: String) throws -> [String] {
        try procKeys().filter { line in
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            return fields.count > 8 && fields[8].hasPrefix(description(vaultID: vaultID)) && fields[3] != "expd"
                && !fields[1].contains("i")
        }
    }

    /// The seconds the kernel gives the vault's key before it ends it, as /proc/keys shows them
    /// (exact below a minute); nil when no such key is listed or it has no timeout.
    package static func secondsLeft(vaultID: String) throws -> Int? {
        guard let line = try listed(vaultID: vaultID).first else { return nil }
        let expiry = line.split(separator: " ", omittingEmptySubsequences: true)[3]
        return expiry.hasSuffix("s") ? Int(expiry.dropLast()) : nil
    }

    /// Every line of /proc/keys, read to its end (it is longer than one read with many keys).
    package static func procKeys() throws -> [String] {
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/keys"))
        defer { try? handle.close() }
        let data = try handle.readToEnd() ?? Data()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// A payload as `vault` writes it: the given key, with an expiry and idle span (Unix
    /// seconds and seconds, 0 for none) in 64-bit little-endian.
    package static func payload(key: [UInt8], expires: UInt64 = 0, idle: UInt64 = 0) -> Data {
        let numbers = [expires, idle].flatMap { value in (0..<8).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        return Data("VKK1".utf8) + Data(numbers) + Data(key)
    }

    @discardableResult
    package static func keyctl(_ arguments: [String], stdin: Data? = nil, mayFail: Bool = false, sourceLocation: SourceLocation = #_sourceLocation) async throws -> VaultResult {
        let tool = try #require(ExternalProgram.find("keyctl"), "keyctl is not installed (package keyutils)", sourceLocation: sourceLocation)
        let result = try await ExternalProgram.probe(tool, arguments, stdin: stdin, environment: ["PATH": "/usr/bin:/bin"])
        if !mayFail { try #require(result.status == 0, "\(result)", sourceLocation: sourceLocation) }
        return result
    }
}
